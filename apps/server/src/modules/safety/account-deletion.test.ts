// Account deletion: every escrow comes back as `refund_deleted_user`, the auction leaves the
// board, connections end, sessions and sockets end, photos and the video leave storage and
// the personal fields are erased, while the ledger keeps its rows. The partner sees the
// deleted-user placeholder, and the phone number can join again as a new member.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DELETED_USER_ICON, DELETED_USER_NAME, SAFETY_MESSAGES } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { listen } from '../../../test/connections';
import { buildMember } from '../../../test/factories';
import { balanceOf, ledgerProblems, testClock } from '../../../test/marketplace';
import { entangledMember } from '../../../test/safety';
import { createStorage } from '../../adapters/storage';
import { rows } from '../../db/client';
import { verificationVideos } from '../../db/media.schema';

import { loadSecrets } from '../../lib/secrets';
import { addImage, storedFiles } from '../media/media-test-helpers';
import { deleteQueuedObjects } from '../media/storage-deletions';

const clock = testClock('2025-07-01T15:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

async function storeFile(key: string) {
  const file = path.join(t.config.DATA_DIR, 'uploads', key);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, 'x');
}

describe('deleting an account', () => {
  it('refunds, erases and anonymises; the partner sees the placeholder', async () => {
    const s = await entangledMember(t, clock);
    const photo = await addImage(t, { user_id: s.member.id, display_order: 1 });
    const [video] = await t.database.db
      .insert(verificationVideos)
      .values({ user_id: s.member.id, file_name: 'dev/verification-videos/v.webm' })
      .returning();
    for (const key of [photo.file_name, photo.thumbnail_file_name, video!.file_name]) {
      await storeFile(key);
    }
    expect(await storedFiles(t)).toHaveLength(3);
    const member = await listen(t, s.member);
    const partner = await listen(t, s.wonFrom);
    const disconnected = new Promise<void>((resolve) =>
      member.socket.on('disconnect', () => resolve()),
    );
    const [ledgerBefore] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT COUNT(*)::int AS n FROM token_transactions WHERE user_id = ${s.member.id}`,
    );

    const unconfirmed = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: member.headers,
      payload: { confirm: 'yes' },
    });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().message).toBe(SAFETY_MESSAGES.confirmDeletion);

    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: member.headers,
      payload: { confirm: 'DELETE' },
    });
    expect(res.json()).toEqual({ success: true, message: SAFETY_MESSAGES.accountDeleted });
    await disconnected;
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: member.headers });
    expect(me.statusCode).toBe(401);

    // Escrows back as refund_deleted_user; the ledger keeps every row of the member.
    expect(await balanceOf(t.database.db, s.member.id)).toBe(1000);
    expect(await balanceOf(t.database.db, s.winnerId)).toBe(1000);
    expect(await balanceOf(t.database.db, s.leader.id)).toBe(1000);
    const refunds = await rows<{ user_id: number; amount: number }>(
      t.database.db,
      sql`SELECT user_id, amount FROM token_transactions
           WHERE transaction_type = 'refund_deleted_user' ORDER BY user_id, amount`,
    );
    expect(refunds).toEqual(
      [
        { user_id: s.member.id, amount: 100 },
        { user_id: s.member.id, amount: 150 },
        { user_id: s.winnerId, amount: 70 },
        { user_id: s.leader.id, amount: 100 },
      ].sort((a, b) => a.user_id - b.user_id || a.amount - b.amount),
    );
    const [ledgerAfter] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT COUNT(*)::int AS n FROM token_transactions WHERE user_id = ${s.member.id}`,
    );
    expect(ledgerAfter!.n).toBe(ledgerBefore!.n + 2);
    expect(await ledgerProblems(t.database.db)).toEqual([]);

    // Personal fields erased; photos and the video gone from the database, and from storage
    // once the storage deletion sweeper has run.
    const [erased] = await rows<Record<string, unknown>>(
      t.database.db,
      sql`SELECT username, phone_number, birth_date, short_bio, postal_code, deleted_at IS NOT NULL AS deleted,
                 (SELECT COUNT(*)::int FROM profile_images WHERE user_id = ${s.member.id}) AS photos,
                 (SELECT COUNT(*)::int FROM verification_videos WHERE user_id = ${s.member.id}) AS videos,
                 (SELECT status FROM auctions WHERE id = ${s.memberAuction}) AS auction
            FROM users WHERE id = ${s.member.id}`,
    );
    expect(erased).toEqual({
      username: null,
      phone_number: `deleted:${s.member.id}`,
      birth_date: null,
      short_bio: null,
      postal_code: null,
      deleted: true,
      photos: 0,
      videos: 0,
      auction: 'deleted',
    });
    expect(await storedFiles(t)).toHaveLength(3);
    const swept = await deleteQueuedObjects({
      db: t.database.db,
      storage: await createStorage(t.config, loadSecrets(t.config)),
      clock: clock.clock,
      onFailure: (failure) => {
        throw new Error(`storage deletion failed: ${failure.kind}`);
      },
    });
    expect(swept).toEqual({ deleted: 3, failed: 0 });
    expect(await storedFiles(t)).toEqual([]);

    // The partner: the connection ended, shown with the deleted-user placeholder.
    expect(await partner.next('connectionUnmatched')).toMatchObject({
      connectionId: s.heldConnectionId,
    });
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/connections',
      headers: partner.headers,
      payload: {},
    });
    const [card] = list.json().connections;
    expect(card).toMatchObject({
      status: 'unmatched',
      partner: { id: s.member.id, username: null, deleted: true, profile_picture_1: null },
    });
    const placeholder = await t.app.inject({
      method: 'GET',
      url: `/api/get-deleted-user/${s.member.id}`,
      headers: partner.headers,
    });
    expect(placeholder.json()).toEqual({
      deletedUser: {
        id: s.member.id,
        username: DELETED_USER_NAME,
        deleted: true,
        profileIcon: DELETED_USER_ICON,
      },
    });
    const icon = await t.app.inject({
      method: 'GET',
      url: `/api/get-deleted-user/profile-icon/${s.member.id}`,
      headers: partner.headers,
    });
    expect(icon.json()).toEqual({ profileIcon: DELETED_USER_ICON });
    const notDeleted = await t.app.inject({
      method: 'GET',
      url: `/api/get-deleted-user/${s.leader.id}`,
      headers: partner.headers,
    });
    expect(notDeleted.statusCode).toBe(404);

    // The phone number joins again as a new member, with a referral like anyone.
    const referrer = await buildMember(t.database.db, { username: `ref${s.member.id}` });
    const rejoined = await signIn(t, s.member.phone_number, referrer.username!);
    expect(rejoined.user.id).not.toBe(s.member.id);
    expect(rejoined.user.tokenBalance).toBe(250);
    for (const l of [member, partner]) l.socket.disconnect();
  });
});
