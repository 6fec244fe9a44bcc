// Issue 18: the objects an account deletion leaves in storage (photos, the verification
// video, the chat images the member sent) are deleted by a durable, retried job. With a
// storage that fails twice before it works, every object is eventually deleted, each row
// is marked done, failures are reported without the key, and nothing goes twice.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { acceptedPairs, send } from '../../../test/chat';
import { onPostgres } from '../../../test/database';
import { testClock } from '../../../test/marketplace';
import { createStorage } from '../../adapters/storage';
import type { Storage } from '../../adapters/storage/storage.port';
import { rows } from '../../db/client';
import { verificationVideos } from '../../db/media.schema';
import { loadSecrets } from '../../lib/secrets';
import { addImage, storedFiles } from './media-test-helpers';
import {
  deleteQueuedObjects,
  queueStorageDeletions,
  type StorageDeletionFailure,
} from './storage-deletions';

const clock = testClock('2025-06-02T15:00:00Z');
let t: TestApp;
let local: Storage;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock });
  local = await createStorage(t.config, loadSecrets(t.config));
});
afterAll(() => t.close());

/** The real storage, except that deleting each key fails `failures` times first. */
function flakyStorage(failures: number) {
  const calls = new Map<string, number>();
  const storage: Storage = Object.create(local);
  storage.delete = async (key: string) => {
    const n = (calls.get(key) ?? 0) + 1;
    calls.set(key, n);
    if (n <= failures) {
      throw Object.assign(new Error(`503 Slow Down: could not delete ${key}`), {
        name: 'ServiceUnavailable',
        $metadata: { httpStatusCode: 503 },
      });
    }
    await local.delete(key);
  };
  return { storage, calls };
}

async function storeFile(key: string) {
  const file = path.join(t.config.DATA_DIR, 'uploads', key);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, 'x');
}

async function chatImage(headers: Record<string, string>, cid: string) {
  const png = await sharp({
    create: { width: 64, height: 64, channels: 3, background: '#36a' },
  })
    .png()
    .toBuffer();
  const uploaded = await t.app.inject({
    method: 'POST',
    url: `/api/chat/conversations/${cid}/images`,
    headers: { ...headers, 'content-type': 'application/octet-stream' },
    payload: png,
  });
  const { blobUrl } = uploaded.json();
  expect((await send(t, { headers }, cid, { type: 'image', blobUrl })).statusCode).toBe(200);
  return blobUrl as string;
}

const deletionRows = () =>
  rows<{ attempts: number; done: boolean; last_error: string | null }>(
    t.database.db,
    sql`SELECT attempts, done_at IS NOT NULL AS done, last_error
          FROM storage_deletions ORDER BY id`,
  );

describe('after an account deletion', () => {
  it('every object goes, through failures, once; the partner keeps theirs', async () => {
    const [pair] = await acceptedPairs(t, clock, 1);
    const leaving = pair!.bidder;
    const sentByLeaving = await chatImage(leaving.headers, pair!.cid);
    const sentByPartner = await chatImage(pair!.owner.headers, pair!.cid);
    const photo = await addImage(t, { user_id: leaving.id, display_order: 1 });
    const [video] = await t.database.db
      .insert(verificationVideos)
      .values({ user_id: leaving.id, file_name: `dev/verification-videos/${leaving.id}.webm` })
      .returning();
    const theirs = [photo.file_name, photo.thumbnail_file_name, video!.file_name];
    for (const key of theirs) await storeFile(key);
    const gone = [...theirs, sentByLeaving];
    const isStored = async (key: string) =>
      (await storedFiles(t)).some((file) => file.endsWith(key.split('/').pop()!));

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: leaving.headers,
      payload: { confirm: 'DELETE' },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await deletionRows()).toHaveLength(4);

    const { storage, calls } = flakyStorage(2);
    const failures: StorageDeletionFailure[] = [];
    const sweepAt = async (secondsLater: number) => {
      clock.set(new Date(clock.clock().getTime() + secondsLater * 1000));
      return deleteQueuedObjects({
        db: t.database.db,
        storage,
        clock: clock.clock,
        onFailure: (failure) => failures.push(failure),
      });
    };

    expect(await sweepAt(0)).toEqual({ deleted: 0, failed: 4 });
    // Not due again before its backoff (30 s), then once more failing, then deleted.
    expect(await sweepAt(10)).toEqual({ deleted: 0, failed: 0 });
    expect(await sweepAt(25)).toEqual({ deleted: 0, failed: 4 });
    for (const key of gone) expect(await isStored(key)).toBe(true);
    expect(await sweepAt(61)).toEqual({ deleted: 4, failed: 0 });
    expect(await sweepAt(3600)).toEqual({ deleted: 0, failed: 0 });

    for (const key of gone) expect(await isStored(key)).toBe(false);
    expect(await isStored(sentByPartner)).toBe(true);
    expect(await deletionRows()).toEqual(
      Array(4).fill({ attempts: 3, done: true, last_error: null }),
    );
    expect([...calls.values()]).toEqual([3, 3, 3, 3]);
    // Failures name the row and the error's kind, never the key.
    expect(failures.map((f) => [f.attempts, f.kind, f.retryInSeconds])).toEqual([
      ...Array(4).fill([1, 'ServiceUnavailable 503', 30]),
      ...Array(4).fill([2, 'ServiceUnavailable 503', 60]),
    ]);
    expect(JSON.stringify(failures)).not.toMatch(/dev\//);

    // The partner sees the image message without the image.
    const messages = await t.app.inject({
      url: `/api/chat/conversations/${pair!.cid}/messages`,
      headers: pair!.owner.headers,
    });
    const images = messages.json().messages.filter((m: { type: string }) => m.type === 'image');
    expect(
      images.map((m: { senderId?: number; blobUrl: string | null }) => m.blobUrl === null),
    ).toEqual(expect.arrayContaining([true, false]));
  });

  it('queues a key once while pending, and deleting a missing object succeeds', async () => {
    const key = 'dev/profile-images/never-stored.webp';
    await t.database.db.transaction(async (tx) => {
      await queueStorageDeletions(tx, [key, key], 'account_deleted', clock.clock());
      await queueStorageDeletions(tx, [key], 'account_deleted', clock.clock());
    });
    const pending = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM storage_deletions WHERE storage_key = ${key} AND done_at IS NULL`,
    );
    expect(pending[0]!.n).toBe(1);
    const outcome = await deleteQueuedObjects({
      db: t.database.db,
      storage: local,
      clock: clock.clock,
      onFailure: () => {
        throw new Error('a missing object is not a failure');
      },
    });
    expect(outcome).toEqual({ deleted: 1, failed: 0 });
  });

  it.skipIf(!onPostgres)('several servers sweeping at once delete each object once', async () => {
    const keys = Array.from({ length: 120 }, (_, i) => `dev/chat/x/${i}.webp`);
    await t.database.db.transaction((tx) =>
      queueStorageDeletions(tx, keys, 'account_deleted', clock.clock()),
    );
    const { storage, calls } = flakyStorage(0);
    const outcomes = await Promise.all(
      [0, 1, 2].map(() =>
        deleteQueuedObjects({
          db: t.database.db,
          storage,
          clock: clock.clock,
          onFailure: () => {},
        }),
      ),
    );
    expect(outcomes.reduce((sum, o) => sum + o.deleted, 0)).toBe(120);
    expect(keys.every((key) => calls.get(key) === 1)).toBe(true);
  });
});
