// The after-commit rule: a change's events reach sockets only once it has committed, and
// never when it rolls back.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { buildMember } from '../../test/factories';
import { recordingRealtime } from '../../test/realtime';
import { rows } from '../db/client';
import { adjustTokens } from '../modules/admin/admin.service';
import { emitTo, type Realtime, transactionThenPublish } from './realtime';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const bioOf = async (id: number) =>
  (
    await rows<{ short_bio: string | null }>(
      database.db,
      sql`SELECT short_bio FROM users WHERE id = ${id}`,
    )
  )[0]!.short_bio;

describe('publishing after commit', () => {
  it('publishes nothing when the transaction rolls back', async () => {
    const member = await buildMember(database.db, { username: 'rollback1' });
    const { realtime, published } = recordingRealtime();
    await expect(
      transactionThenPublish({ db: database.db, realtime }, async (tx, events) => {
        await tx.execute(sql`UPDATE users SET short_bio = 'rolled back' WHERE id = ${member.id}`);
        events.add(emitTo(`user_${member.id}`, 'userOnline', member.id));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(published).toEqual([]);
    expect(await bioOf(member.id)).not.toBe('rolled back');
  });

  it('publishes once, after COMMIT: what it announces is already visible to others', async () => {
    const member = await buildMember(database.db, { username: 'commit1' });
    const seenAtPublish: (string | null)[] = [];
    const realtime: Realtime = {
      async publish(events) {
        expect(events).toHaveLength(1);
        // Another connection (the pool, not the transaction) reads the committed row.
        seenAtPublish.push(await bioOf(member.id));
      },
    };
    await transactionThenPublish({ db: database.db, realtime }, async (tx, events) => {
      await tx.execute(sql`UPDATE users SET short_bio = 'committed' WHERE id = ${member.id}`);
      events.add(emitTo(`user_${member.id}`, 'userOnline', member.id));
    });
    expect(seenAtPublish).toEqual(['committed']);
  });

  it('a refused service change (an adjustment below zero) tells nobody', async () => {
    await buildMember(database.db, { username: 'refused1' });
    const { realtime, emitted } = recordingRealtime();
    await adjustTokens({ db: database.db, realtime }, 'refused1', 100);
    await expect(
      adjustTokens({ db: database.db, realtime }, 'refused1', -101),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_TOKENS' });
    expect(emitted().map(([, event]) => event)).toEqual(['balanceUpdate']);
  });
});
