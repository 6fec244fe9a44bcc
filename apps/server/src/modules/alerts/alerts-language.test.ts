// Alerts, their pushes and their SMS in the member's language (product rules, Languages):
// a French member reads the outbid, the close's alerts and a connection's in Canadian
// French, written in SQL (place_bid, the close) or in TypeScript alike; an English member
// reads the spec's words.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildBidder, testClock } from '../../../test/marketplace';
import type { PushResult, PushSender, PushTarget } from '../../adapters/push/push.port';
import { rows } from '../../db/client';
import { closePeriod, ensureOpenPeriod } from '../auctions/periods.service';
import { placeBid } from '../bids/bids.service';
import { alertAccepted } from '../connections/connection-effects';
import { deliverDueNotifications } from '../notifications/outbox.service';

class RecordingPush implements PushSender {
  readonly publicKey = 'test';
  sent: Record<string, unknown>[] = [];
  async send(_target: PushTarget, payload: string): Promise<PushResult> {
    this.sent.push(JSON.parse(payload));
    return { ok: true };
  }
  async checkEndpoint() {
    return null;
  }
}

const clock = testClock('2025-06-02T15:00:00Z');
const push = new RecordingPush();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock, push });
});
afterAll(() => t.close());

async function said(userId: number, kind: string) {
  const found = await rows<{ message: string }>(
    t.database.db,
    sql`SELECT message FROM alerts WHERE user_id = ${userId} AND kind = ${kind} ORDER BY id`,
  );
  return found.map((a) => a.message);
}

describe('alerts in the member’s language', () => {
  it('an outbid and the close’s alerts are French for a French member, English for another', async () => {
    const db = t.database.db;
    const owner = await buildBidder(db, 0, { username: 'proprio' });
    const francine = await buildBidder(db, 5_000, {
      username: 'francine',
      language: 'fr-CA',
      sms_notification: true,
    });
    const ed = await buildBidder(db, 5_000, { username: 'ed' });
    const winner = await buildBidder(db, 5_000, { username: 'gagnant', language: 'fr-CA' });
    await db.execute(
      sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth)
          VALUES (${francine.id}, 'https://push.example/francine', 'key', 'auth')`,
    );
    const period = await ensureOpenPeriod(db, clock.clock());
    const [auction] = await rows<{ id: number }>(
      db,
      sql`SELECT id FROM auctions WHERE user_id = ${owner.id} AND period_id = ${period.id}`,
    );
    const ctx = { db, clock: clock.clock };
    const bid = (bidderId: number, amount: number) =>
      placeBid(ctx, { auctionId: auction!.id, bidderId, amount });
    await bid(francine.id, 10);
    await bid(ed.id, 20);
    await bid(francine.id, 1_200);
    await bid(winner.id, 1_500);

    expect(await said(francine.id, 'outbid')).toEqual([
      'ed a surenchéri sur vous pour proprio avec 20 jetons.',
      'gagnant a surenchéri sur vous pour proprio avec 1500 jetons.',
    ]);
    expect(await said(ed.id, 'outbid')).toEqual([
      'francine outbid you on proprio with 1200 tokens.',
    ]);

    push.sent = [];
    while (
      (await deliverDueNotifications({ db, push, sms: t.sms, isViewing: async () => false })) > 0
    );
    expect(push.sent.map((p) => p.body).sort()).toEqual([
      'ed a surenchéri sur vous pour proprio avec 20 jetons.',
      'gagnant a surenchéri sur vous pour proprio avec 1500 jetons.',
    ]);
    // Both were texted; the console keeps the last of the two, sent at the same time.
    expect(t.sms.lastTo(francine.phone_number)!.body).toMatch(
      /^Bidboard: (ed|gagnant) a surenchéri sur vous pour proprio avec (20|1500) jetons\.$/,
    );

    await closePeriod(db, period.end_time);
    expect(await said(winner.id, 'auction_won')).toEqual([
      'Vous avez remporté l’enchère pour proprio avec 1500 jetons. En attente de son acceptation. ' +
        'Votre mise la plus élevée\u00a0: 1\u00a0500 jetons, rang 1 sur 3 enchérisseurs. La mise la plus élevée l’a emporté.',
    ]);
    const [francineResult] = await said(francine.id, 'auction_result');
    expect(francineResult).toMatch(
      /^L’enchère de proprio s’est terminée à 1\u00a0500 jetons; vous ne l’avez pas remportée\. Votre mise la plus élevée\u00a0: 1\u00a0200 jetons, rang 2 sur 3 enchérisseurs\./,
    );
    const [edResult] = await said(ed.id, 'auction_result');
    expect(edResult).toMatch(/^proprio's auction closed at 1,500 tokens; you did not win\./);
    expect(await said(owner.id, 'winning_bidder_connection_pending')).toEqual([
      'gagnant won your auction with 1500 tokens. Accept to connect.',
    ]);
  });

  it('a connection’s alert is French for a French bidder', async () => {
    const db = t.database.db;
    const owner = await buildBidder(db, 0, { username: 'odile' });
    const bidder = await buildBidder(db, 0, { language: 'fr-CA' });
    const [alert] = await db.transaction((tx) =>
      alertAccepted(tx, {
        id: 1,
        user_id: bidder.id,
        partner_id: owner.id,
        auction_id: 1,
        amount: 10,
        user_username: bidder.username,
        partner_username: 'odile',
      } as Parameters<typeof alertAccepted>[1]),
    );
    expect(alert!.message).toBe(
      'odile a accepté votre mise gagnante. Vous pouvez clavarder maintenant.',
    );
  });
});
