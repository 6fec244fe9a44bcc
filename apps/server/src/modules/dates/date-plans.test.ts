// Date plans in chat (issue 45): a proposal, its answers and cancellation through the API,
// the alerts each writes, the calendar file, and who may do what.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type AcceptedPair, acceptedPairs, signedIn } from '../../../test/chat';
import {
  acceptedPlan,
  act,
  PLAN,
  PLAN_DAY_ENDS_AT,
  PLAN_STARTS_AT,
  propose,
} from '../../../test/dates';
import { buildMember } from '../../../test/factories';
import { testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';

const clock = testClock('2025-06-02T15:00:00Z');

async function alertsOf(t: TestApp, userId: number) {
  return rows<{ kind: string; message: string; payload: Record<string, unknown> }>(
    t.database.db,
    sql`SELECT kind, message, payload FROM alerts WHERE user_id = ${userId}
         AND kind LIKE 'date_%' ORDER BY id`,
  );
}

function plansIn(t: TestApp, viewer: { headers: Record<string, string> }, cid: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/chat/conversations/${cid}/dates`,
    headers: viewer.headers,
  });
}

describe('date plans in chat', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock });
  });
  afterAll(() => t?.close());

  it('a proposal becomes a card the other accepts, with an alert each way and a calendar file', async () => {
    const [pair] = (await acceptedPairs(t, clock, 1)) as [AcceptedPair];
    const res = await propose(t, pair.bidder, pair.cid, {
      ...PLAN,
      note: 'I will wear a red scarf',
    });
    expect(res.statusCode).toBe(200);
    const plan = res.json().plan;
    expect(plan).toMatchObject({
      state: 'proposed',
      proposerId: pair.bidder.id,
      responderId: pair.owner.id,
      startsAt: PLAN_STARTS_AT,
      dayEndsAt: PLAN_DAY_ENDS_AT,
      timeZone: 'America/New_York',
      place: PLAN.place,
      note: 'I will wear a red scarf',
    });
    const seen = await plansIn(t, pair.owner, pair.cid);
    expect(seen.json().plans.map((p: { id: number }) => p.id)).toEqual([plan.id]);
    expect(await alertsOf(t, pair.owner.id)).toEqual([
      expect.objectContaining({
        kind: 'date_proposed',
        message: `${pair.bidder.username} proposed a date. Open the chat to answer.`,
        payload: { planId: plan.id, cid: pair.cid, userId: pair.bidder.id },
      }),
    ]);

    // Only the member it was proposed to answers; the calendar waits for the answer.
    expect((await act(t, pair.bidder, plan.id, 'answer', { answer: 'accept' })).statusCode).toBe(
      403,
    );
    const early = await t.app.inject({
      method: 'GET',
      url: `/api/dates/${plan.id}/calendar.ics`,
      headers: pair.bidder.headers,
    });
    expect(early.statusCode).toBe(409);

    const accepted = await act(t, pair.owner, plan.id, 'answer', { answer: 'accept' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().plan.state).toBe('accepted');
    expect((await alertsOf(t, pair.bidder.id)).map((a) => a.message)).toEqual([
      `${pair.owner.username} accepted your date plan.`,
    ]);
    const again = await act(t, pair.owner, plan.id, 'answer', { answer: 'decline' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This date plan was already answered.');

    const ics = await t.app.inject({
      method: 'GET',
      url: `/api/dates/${plan.id}/calendar.ics`,
      headers: pair.bidder.headers,
    });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(ics.body).toContain('DTSTART:20250607T233000Z\r\n');
    expect(ics.body).toContain(`SUMMARY:Date with ${pair.owner.username}\r\n`);
    expect(ics.body).toContain('LOCATION:Café Olimpico\\, 124 Rue Saint-Viateur O\r\n');
    expect(ics.body).toContain('DESCRIPTION:I will wear a red scarf\r\n');
  });

  it('suggesting another time moves the proposal; either member cancels; one standing plan at a time', async () => {
    const [pair] = (await acceptedPairs(t, clock, 1)) as [AcceptedPair];
    const first = (await propose(t, pair.owner, pair.cid)).json().plan;
    const second = await propose(t, pair.bidder, pair.cid);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      'You already have a date plan in this chat. Cancel it to plan another.',
    );
    const moved = await act(t, pair.bidder, first.id, 'move', { ...PLAN, time: '20:15' });
    expect(moved.statusCode).toBe(200);
    const next = moved.json().plan;
    expect(next).toMatchObject({
      state: 'proposed',
      proposerId: pair.bidder.id,
      responderId: pair.owner.id,
      movedFromId: first.id,
      startsAt: '2025-06-08T00:15:00.000Z',
    });
    const listed = (await plansIn(t, pair.owner, pair.cid)).json().plans;
    expect(listed.map((p: { id: number; state: string }) => [p.id, p.state])).toEqual([
      [next.id, 'proposed'],
      [first.id, 'moved'],
    ]);
    expect((await alertsOf(t, pair.owner.id)).map((a) => a.message)).toEqual([
      `${pair.bidder.username} suggested another time for your date.`,
    ]);
    const cancelled = await act(t, pair.bidder, next.id, 'cancel');
    expect(cancelled.json().plan).toMatchObject({
      state: 'cancelled',
      cancelledBy: pair.bidder.id,
    });
    expect((await act(t, pair.owner, next.id, 'cancel')).statusCode).toBe(409);
    expect((await propose(t, pair.owner, pair.cid)).statusCode).toBe(200);
  });

  it('checks the day, time, zone, place and note at the edge', async () => {
    const [pair] = (await acceptedPairs(t, clock, 1)) as [AcceptedPair];
    const bad = async (body: Record<string, unknown>) => {
      const res = await propose(t, pair.bidder, pair.cid, { ...PLAN, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      return res.json().message as string;
    };
    expect(await bad({ place: 'x'.repeat(121) })).toBe('The place can be at most 120 characters.');
    expect(await bad({ place: '   ' })).toBe('Say where you will meet.');
    expect(await bad({ note: 'n'.repeat(301) })).toBe('The note can be at most 300 characters.');
    expect(await bad({ timeZone: 'Mars/Olympus' })).toBe('Unknown time zone');
    expect(await bad({ day: '2025-06-31' })).toBe('Pick a day.');
    expect(await bad({ time: '25:00' })).toBe('Pick a time.');
    expect(await bad({ day: '2025-06-02', time: '10:00' })).toBe(
      'Pick a time that is still to come.',
    );
    expect(await bad({ day: '2025-12-01' })).toBe('Pick a day within 90 days.');
    expect(
      (await propose(t, pair.bidder, pair.cid, { ...PLAN, place: 'x'.repeat(120) })).statusCode,
    ).toBe(200);
  });

  it('is only for the two members of an accepted, unblocked connection', async () => {
    const [pair] = (await acceptedPairs(t, clock, 1)) as [AcceptedPair];
    const stranger = await signedIn(t, await buildMember(t.database.db));
    expect((await propose(t, stranger, pair.cid)).statusCode).toBe(403);
    expect((await plansIn(t, stranger, pair.cid)).statusCode).toBe(403);
    const id = await acceptedPlan(t, pair);
    expect((await act(t, stranger, id, 'cancel')).statusCode).toBe(404);

    // No connection at all between two members: no plan.
    const other = await signedIn(t, await buildMember(t.database.db));
    const cid = [stranger.id, other.id].sort((a, b) => a - b).join('_');
    const res = await propose(t, stranger, cid);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You can plan a date once your chat is open.');
  });

  it('a block cancels the standing plan and hides the plans both ways', async () => {
    const [pair] = (await acceptedPairs(t, clock, 1)) as [AcceptedPair];
    const id = await acceptedPlan(t, pair);
    const block = await t.app.inject({
      method: 'POST',
      url: '/api/blocks',
      headers: pair.owner.headers,
      payload: { user_id: pair.bidder.id },
    });
    expect(block.statusCode).toBe(200);
    const [row] = await rows<{ state: string; cancelled_by: number | null }>(
      t.database.db,
      sql`SELECT state, cancelled_by FROM date_plans WHERE id = ${id}`,
    );
    expect(row).toEqual({ state: 'cancelled', cancelled_by: null });
    expect((await plansIn(t, pair.bidder, pair.cid)).statusCode).toBe(403);
    expect((await plansIn(t, pair.owner, pair.cid)).statusCode).toBe(403);
    // Nothing of the block is told to the blocked member as a date alert.
    expect((await alertsOf(t, pair.bidder.id)).map((a) => a.kind)).toEqual(['date_answered']);
  });

  it('a plan whose time has passed no longer holds the chat: the pair plans their next date', async () => {
    const [pair] = (await acceptedPairs(t, clock, 1)) as [AcceptedPair];
    const first = await acceptedPlan(t, pair);
    const unanswered = await acceptedPairs(t, clock, 1);
    const waiting = (await propose(t, unanswered[0]!.bidder, unanswered[0]!.cid)).json().plan;
    // The evening after the first date (19:30 EDT on 7 June).
    clock.set('2025-06-08T22:00:00Z');
    const next = await propose(t, pair.owner, pair.cid, { ...PLAN, day: '2025-06-14' });
    expect(next.statusCode, next.body).toBe(200);
    const listed = (await plansIn(t, pair.owner, pair.cid)).json().plans;
    // The first stays accepted: its check-in and did-you-meet question still come.
    expect(listed.map((p: { id: number; state: string }) => [p.id, p.state])).toEqual([
      [next.json().plan.id, 'proposed'],
      [first, 'accepted'],
    ]);
    // Its time passed: it is not cancelled any more, and a stale proposal is not accepted.
    const late = await act(t, pair.bidder, first, 'cancel');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This date’s time has passed: it can no longer be cancelled.');
    const stale = await act(t, unanswered[0]!.owner, waiting.id, 'answer', { answer: 'accept' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This date plan is no longer open.');
    expect(
      (await propose(t, unanswered[0]!.owner, unanswered[0]!.cid, { ...PLAN, day: '2025-06-14' }))
        .statusCode,
    ).toBe(200);
    // Still one standing plan at a time among those to come.
    expect(
      (await propose(t, pair.bidder, pair.cid, { ...PLAN, day: '2025-06-15' })).statusCode,
    ).toBe(409);
  });
});
