// Did you meet? (issue 45): each member's answer the day after an accepted plan, the
// follow-through rate bidders see on the card, the contest that reaches the reports queue,
// and what a block before answering does (closes the question; answers given stand).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { type AcceptedPair, acceptedPairs } from '../../../test/chat';
import { acceptedPlan, act, PLAN } from '../../../test/dates';
import { buildBidder, testClock } from '../../../test/marketplace';
import { openAuctionOf } from '../../../test/sockets';
import { rows } from '../../db/client';
import { users } from '../../db/schema';
import { sweepDates } from './date-check-ins.service';
import { followThroughOf } from './date-met.repository';

const clock = testClock('2025-06-02T15:00:00Z');
/** The plans' day (7 June in New York) ends at 04:00 UTC on the 8th. */
const NEXT_MORNING = '2025-06-08T15:00:00Z';

describe('did you meet', () => {
  let t: TestApp;
  let pairs: AcceptedPair[];
  let plans: number[];
  beforeAll(async () => {
    t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock });
    pairs = await acceptedPairs(t, clock, 5);
    plans = [];
    for (const pair of pairs) plans.push(await acceptedPlan(t, pair));
  }, 120_000);
  afterAll(() => t?.close());

  const met = (who: { headers: Record<string, string> }, id: number, answer: string) =>
    act(t, who, id, 'met', { answer });

  async function followThrough(userId: number) {
    const [row] = await rows<{ dates: number; no_shows: number }>(
      t.database.db,
      sql`SELECT ft.dates, ft.no_shows FROM users u
            LEFT JOIN LATERAL ${followThroughOf(sql`u.id`)} ft ON TRUE WHERE u.id = ${userId}`,
    );
    return row;
  }

  it('is asked of both the morning after, and answered once each after the day is over', async () => {
    const [pair] = pairs as [AcceptedPair];
    const early = await met(pair.bidder, plans[0]!, 'met');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'You can say whether you met once the day of the date is over.',
    );
    clock.set(NEXT_MORNING);
    const sweep = () =>
      sweepDates({ db: t.database.db, clock: clock.clock, config: t.config, sms: t.sms });
    // One sweep asks (with the check-in it also owes); a second asks nobody again.
    await sweep();
    const swept = await sweep();
    expect(swept.metQuestions).toBe(0);
    const asked = await rows<{ user_id: number; message: string }>(
      t.database.db,
      sql`SELECT user_id, message FROM alerts WHERE kind = 'date_did_you_meet'
           AND (payload->>'planId')::int = ${plans[0]!} ORDER BY user_id`,
    );
    expect(asked.map((a) => a.user_id).sort()).toEqual([pair.owner.id, pair.bidder.id].sort());
    expect(asked.find((a) => a.user_id === pair.owner.id)!.message).toBe(
      `Did your date with ${pair.bidder.username} happen? Tell us in the chat.`,
    );

    const answered = await met(pair.bidder, plans[0]!, 'met');
    expect(answered.statusCode).toBe(200);
    expect(answered.json().plan.met).toEqual({
      open: true,
      answer: 'met',
      noShowAgainstYou: false,
    });
    const again = await met(pair.bidder, plans[0]!, 'no_show');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already answered for this date.');
    expect((await met(pair.owner, plans[0]!, 'met')).statusCode).toBe(200);
    expect(await followThrough(pair.owner.id)).toEqual({ dates: 1, no_shows: 0 });
    expect(await followThrough(pair.bidder.id)).toEqual({ dates: 1, no_shows: 0 });
  });

  it('an uncontradicted no-show counts against the other, on the card bidders see', async () => {
    const pair = pairs[1]!;
    clock.set(NEXT_MORNING);
    // Nothing answered: the date does not count yet.
    expect(await followThrough(pair.owner.id)).toEqual({ dates: 0, no_shows: 0 });
    expect((await met(pair.bidder, plans[1]!, 'no_show')).statusCode).toBe(200);
    expect(await followThrough(pair.owner.id)).toEqual({ dates: 1, no_shows: 1 });
    expect(await followThrough(pair.bidder.id)).toEqual({ dates: 1, no_shows: 0 });
    const view = (
      await t.app.inject({
        method: 'GET',
        url: `/api/chat/conversations/${pair.cid}/dates`,
        headers: pair.owner.headers,
      })
    ).json().plans[0];
    expect(view.met).toEqual({ open: true, answer: null, noShowAgainstYou: true });

    const auctionId = await openAuctionOf(t, clock.clock, pair.owner.id);
    const viewer = await buildBidder(t.database.db, 0);
    const { token } = await signIn(t, viewer.phone_number);
    const card = await t.app.inject({
      method: 'POST',
      url: '/api/auctions/auction_profile_data',
      headers: { authorization: `Bearer ${token}` },
      payload: { auctionIds: [auctionId] },
    });
    expect(card.json().auctionProfileData[0].followThrough).toEqual({ showed: 0, dates: 1 });

    // The other's answer contradicts it: it no longer counts.
    expect((await met(pair.owner, plans[1]!, 'met')).statusCode).toBe(200);
    expect(await followThrough(pair.owner.id)).toEqual({ dates: 1, no_shows: 0 });
  });

  it('a contest stops a no-show counting and files a report for the moderators', async () => {
    const pair = pairs[2]!;
    clock.set(NEXT_MORNING);
    const nothing = await act(t, pair.owner, plans[2]!, 'contest', {});
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe(
      'There is no no-show against you to contest for this date.',
    );
    expect((await met(pair.bidder, plans[2]!, 'no_show')).statusCode).toBe(200);
    // Past the answer window the member can no longer say otherwise, but can contest.
    clock.set('2025-06-12T15:00:00Z');
    const late = await met(pair.owner, plans[2]!, 'met');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('It is too late to answer for this date.');
    expect(await followThrough(pair.owner.id)).toEqual({ dates: 1, no_shows: 1 });
    const contest = await act(t, pair.owner, plans[2]!, 'contest', {
      text: 'I was there at 7:30.',
    });
    expect(contest.statusCode).toBe(200);
    expect(await followThrough(pair.owner.id)).toEqual({ dates: 0, no_shows: 0 });

    const admin = await buildBidder(t.database.db, 0);
    const session = await signIn(t, admin.phone_number);
    await t.database.db.update(users).set({ role: 'admin' }).where(sql`id = ${admin.id}`);
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports',
      headers: { authorization: `Bearer ${session.token}` },
    });
    const report = queue
      .json()
      .reports.find((r: { reporter: { id: number } | null }) => r.reporter?.id === pair.owner.id);
    expect(report).toMatchObject({ reported_user: { id: pair.bidder.id }, reason: 'other' });
    expect(report.text).toBe(
      `Contests a no-show: ${pair.bidder.username} said ${pair.owner.username} did not come to their date on Sat, Jun 7, 7:30 PM EDT at ${PLAN.place}.\nIn their words: I was there at 7:30.`,
    );
    expect((await act(t, pair.owner, plans[2]!, 'contest', {})).statusCode).toBe(409);
  });

  it('a block before answering closes the question for both; what was answered stands', async () => {
    const [, , , pair, other] = pairs as AcceptedPair[];
    clock.set(NEXT_MORNING);
    expect((await met(other!.bidder, plans[4]!, 'no_show')).statusCode).toBe(200);
    for (const [blocker, blocked] of [
      [pair!.owner, pair!.bidder],
      [other!.owner, other!.bidder],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/blocks',
        headers: blocker.headers,
        payload: { user_id: blocked.id },
      });
      expect(res.statusCode).toBe(200);
    }
    // The plan's time had passed: the block does not cancel it (the date happened or not).
    const [row] = await rows<{ state: string }>(
      t.database.db,
      sql`SELECT state FROM date_plans WHERE id = ${plans[3]!}`,
    );
    expect(row!.state).toBe('accepted');
    expect((await met(pair!.bidder, plans[3]!, 'met')).statusCode).toBe(403);
    expect((await met(pair!.owner, plans[3]!, 'no_show')).statusCode).toBe(403);
    expect(await followThrough(pair!.bidder.id)).toEqual({ dates: 0, no_shows: 0 });
    // The no-show answered before the block still counts.
    expect(await followThrough(other!.owner.id)).toEqual({ dates: 1, no_shows: 1 });
  });
});
