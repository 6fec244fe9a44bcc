// The scam guard in chat (issue 23): the server finds the signals itself, holds a message
// until the sender answers the question, stores the signals for the recipient's safety
// note, and the third such message in a week opens exactly one report.
import { type Message, SCAM_GUARD } from '@bidboard/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { acceptedPairs, send } from '../../../test/chat';
import { buildBidder, testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { users } from '../../db/schema';

const clock = testClock(new Date().toISOString());
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock, poolSize: 8 });
});
afterAll(() => t.close());

async function reportsAbout(userId: number) {
  return rows<{ source: string; reporter_id: number | null; reason: string; text: string }>(
    t.database.db,
    sql`SELECT source, reporter_id, reason, text FROM reports WHERE reported_id = ${userId}`,
  );
}

describe('scam guard', () => {
  it('holds the message until the sender answers, then shows the recipient the signals', async () => {
    const [pair] = await acceptedPairs(t, clock, 1);
    const text = 'text me on whatsapp, 555 123 4567';
    const held = await send(t, pair!.bidder, pair!.cid, { text });
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({ code: 'SCAM_GUARD_CONFIRM', message: SCAM_GUARD.question });

    // A client that skips the question gets the same answer: nothing is stored.
    const [{ n }] = (await rows<{ n: number }>(
      t.database.db,
      sql`SELECT COUNT(*)::int AS n FROM messages WHERE cid = ${pair!.cid}`,
    )) as [{ n: number }];
    expect(n).toBe(0);

    const sent = await send(t, pair!.bidder, pair!.cid, { text, confirmed: true });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message.scamFlags).toEqual(['phone', 'messaging_app']);
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/chat/conversations/${pair!.cid}/messages`,
      headers: pair!.owner.headers,
    });
    const message = (seen.json().messages as Message[]).at(-1)!;
    expect(message).toMatchObject({ text, scamFlags: ['phone', 'messaging_app'] });

    // Ordinary talk passes without a question.
    const ordinary = await send(t, pair!.owner, pair!.cid, { text: 'Coffee on Saturday at 10?' });
    expect(ordinary.statusCode).toBe(200);
    expect(ordinary.json().message.scamFlags).toEqual([]);
  });

  it('opens one report on the third flagged message in a week, even when sent at once', async () => {
    // One member writing to three matches at the same moment.
    const scammer = await buildBidder(t.database.db, 1000);
    const pairs = await acceptedPairs(t, clock, 3, { bidder: scammer });
    const headers = pairs[0]!.bidder.headers;
    const cids = pairs.map((p) => p.cid);
    // The conversations exist already (opened from the connections), as in the app.
    for (const p of pairs) {
      await t.app.inject({
        method: 'POST',
        url: '/api/chat/conversations',
        headers,
        payload: { partnerId: p.owner.id },
      });
    }
    const results = await Promise.all(
      cids.map((cid) =>
        send(t, { headers }, cid, {
          text: 'Send me a gift card and I’ll call you',
          confirmed: true,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const opened = await reportsAbout(scammer.id);
    expect(opened).toEqual([
      {
        source: 'scam_guard',
        reporter_id: null,
        reason: 'scam_or_spam',
        text: SCAM_GUARD.reportText(['gift_card']),
      },
    ]);

    // A fourth while the report is open adds none; the queue puts the scammer first.
    await send(t, { headers }, cids[0]!, { text: 'venmo works too', confirmed: true });
    expect(await reportsAbout(scammer.id)).toHaveLength(1);
    const [admin] = await t.database.db
      .update(users)
      .set({ role: 'admin' })
      .where(eq(users.id, pairs[0]!.owner.id))
      .returning();
    expect(admin).toBeDefined();
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports?status=open',
      headers: pairs[0]!.owner.headers,
    });
    expect(queue.statusCode).toBe(200);
    const [first] = queue.json().reports;
    expect(first).toMatchObject({
      source: 'scam_guard',
      reporter: null,
      reported_user: { id: scammer.id },
      signals: { scam_hits: 4, scam_signals: ['gift_card', 'payment_app'], open_reports: 1 },
    });
    expect(first.risk).toBeGreaterThan(0);
  });
});
