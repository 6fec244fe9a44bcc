// The scam notification job on a running server (issue 42): an admin's fraud suspension is
// told to the members who exchanged messages with the account within seconds, because the
// route wakes the job; the five-minute timer is only the fallback.
import { conversationId, FRAUD_ALERT_MESSAGES } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/app';
import { buildMember } from '../../test/factories';
import { rows } from '../db/client';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'true' });
  const row = await buildMember(t.database.db, { onboarded: 14, is_approved: true });
  const { token } = await signIn(t, row.phone_number);
  await t.database.db.execute(sql`UPDATE users SET role = 'admin' WHERE id = ${row.id}`);
  admin = { authorization: `Bearer ${token}` };
  // The job's first run, at start, has passed before the removal below.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
});
afterAll(() => t.close());

async function exchanged(from: number, to: number) {
  const [a, b] = from < to ? [from, to] : [to, from];
  const cid = conversationId(a, b);
  await t.database.db.execute(
    sql`INSERT INTO conversations (cid, user_a, user_b, message_count)
        VALUES (${cid}, ${a}, ${b}, 1)`,
  );
  await t.database.db.execute(
    sql`INSERT INTO messages (cid, seq, sender_id, text) VALUES (${cid}, 1, ${from}, 'hello')`,
  );
}

const fraudAlertsOf = (userId: number) =>
  rows<{ message: string }>(
    t.database.db,
    sql`SELECT message FROM alerts WHERE user_id = ${userId} AND kind = 'fraud_removal'`,
  );

it('tells a correspondent within seconds of a fraud suspension, and nobody else', async () => {
  const scammer = await buildMember(t.database.db, { onboarded: 14 });
  const wrote = await buildMember(t.database.db);
  const stranger = await buildMember(t.database.db);
  await exchanged(wrote.id, scammer.id);

  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/users/${scammer.id}/suspend`,
    headers: admin,
    payload: { reason: 'Asked members for gift cards', category: 'fraud_or_scam' },
  });
  expect(res.statusCode).toBe(200);

  await expect
    .poll(() => fraudAlertsOf(wrote.id), { timeout: 10_000, interval: 200 })
    .toEqual([{ message: FRAUD_ALERT_MESSAGES.removed }]);
  expect(await fraudAlertsOf(stranger.id)).toEqual([]);
});
