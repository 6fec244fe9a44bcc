// Share My Date (issue 45): the contact is texted a link through the SMS adapter; the page
// shows exactly whom the member meets, when and where, and the check-in, and nothing once
// the plan's day is over, the link revoked or replaced, the plan cancelled or a block made.
// A STOP from the contact stops every later text; no number or token reaches a log.
import { MESSAGES } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type AcceptedPair, acceptedPairs } from '../../../test/chat';
import { onPostgres } from '../../../test/database';
import { acceptedPlan, act, PLAN, PLAN_STARTS_AT } from '../../../test/dates';
import { uniquePhone } from '../../../test/factories';
import { testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { profileImages } from '../../db/media.schema';
import { users } from '../../db/schema';

const clock = testClock('2025-06-02T15:00:00Z');
const logLines: string[] = [];

describe('Share My Date', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { SWEEPER_ENABLED: 'false', LOG_LEVEL: 'debug', ACCESS_LOG: 'all' },
      { clock: clock.clock, logStream: { write: (line) => logLines.push(line) } },
    );
  });
  afterAll(() => t?.close());

  const page = (token: string) =>
    t.app.inject({ method: 'GET', url: `/api/shared-dates/${token}` });

  async function share(pair: AcceptedPair, id: number, phone: string, escalate = false) {
    const res = await act(t, pair.bidder, id, 'share', { phone, escalateOnSilence: escalate });
    return res;
  }

  function tokenSentTo(phone: string): string {
    const body = t.sms.lastTo(phone)?.body ?? '';
    const token = /\/shared-date\/([\w-]+)/.exec(body)?.[1];
    if (!token) throw new Error(`no link in ${JSON.stringify(body)}`);
    return token;
  }

  it('texts the contact a link to a page with only the allowed fields', async () => {
    const [pair] = (await acceptedPairs(t, clock, 1)) as [AcceptedPair];
    await t.database.db
      .update(users)
      .set({ birth_date: '1995-03-10' })
      .where(sql`id = ${pair.owner.id}`);
    await t.database.db.insert(profileImages).values({
      user_id: pair.owner.id,
      image_type: 'profile',
      file_name: 'owner.webp',
      thumbnail_file_name: 'owner-thumb.webp',
      display_order: 1,
      review_status: 'approved',
      screen_status: 'passed',
      width: 800,
      height: 800,
    });
    const id = await acceptedPlan(t, pair);
    const contact = uniquePhone();
    const res = await share(pair, id, contact.slice(2));
    expect(res.statusCode).toBe(200);
    expect(res.json().plan.share).toEqual({
      phoneLast4: contact.slice(-4),
      expiresAt: '2025-06-08T04:00:00.000Z',
      escalateOnSilence: false,
    });
    const text = t.sms.lastTo(contact)!.body;
    expect(text).toMatch(
      new RegExp(
        `^${pair.bidder.username} shared their date plans with you on Bidboard: http://localhost(:\\d+)?/shared-date/[\\w-]{43} \\. Reply STOP to get no more texts\\.$`,
      ),
    );
    const token = tokenSentTo(contact);
    // Only the token's hash is stored.
    const stored = await rows<{ token_hash: string }>(
      t.database.db,
      sql`SELECT token_hash FROM date_shares WHERE plan_id = ${id}`,
    );
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.token_hash).not.toContain(token);

    const shown = await page(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    const { date } = shown.json();
    expect(Object.keys(date).sort()).toEqual(
      ['checkIn', 'expiresAt', 'partner', 'place', 'startsAt', 'timeZone'].sort(),
    );
    expect(date).toEqual({
      partner: { username: pair.owner.username, photo: expect.any(String), age: 30 },
      startsAt: PLAN_STARTS_AT,
      timeZone: PLAN.timeZone,
      place: PLAN.place,
      checkIn: 'not_yet',
      expiresAt: '2025-06-08T04:00:00.000Z',
    });
    expect(date.partner.photo).toMatch(/owner-thumb\.webp.*sig=/);
    // Nothing of the member who shared, nor more of the partner.
    expect(shown.body).not.toContain(pair.bidder.username!);
    expect(shown.body).not.toContain(pair.bidder.phone_number.slice(2));
    expect(shown.body).not.toContain(pair.owner.phone_number.slice(2));
    expect(shown.body).not.toContain('1995');
  });

  it('a revoked, replaced, cancelled or blocked link shows nothing; a wrong token neither', async () => {
    const pairs = await acceptedPairs(t, clock, 2);
    const [first, second] = pairs as [AcceptedPair, AcceptedPair];
    const id = await acceptedPlan(t, first);
    const contact = uniquePhone();
    await share(first, id, contact);
    const old = tokenSentTo(contact);
    await share(first, id, contact);
    const current = tokenSentTo(contact);
    expect((await page(old)).statusCode).toBe(404);
    expect((await page(current)).statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/dates/${id}/share`,
      headers: first.bidder.headers,
    });
    expect(revoked.json().plan.share).toBeNull();
    expect((await page(current)).statusCode).toBe(404);
    expect((await page('A'.repeat(43))).statusCode).toBe(404);

    await share(first, id, contact);
    const beforeCancel = tokenSentTo(contact);
    await act(t, first.owner, id, 'cancel');
    expect((await page(beforeCancel)).statusCode).toBe(404);

    const other = await acceptedPlan(t, second);
    await share(second, other, contact);
    const beforeBlock = tokenSentTo(contact);
    await t.app.inject({
      method: 'POST',
      url: '/api/blocks',
      headers: second.owner.headers,
      payload: { user_id: second.bidder.id },
    });
    expect((await page(beforeBlock)).statusCode).toBe(404);
  });

  it("checks the number as sign-in does, refuses the member's own and a plan not accepted", async () => {
    const [pair] = (await acceptedPairs(t, clock, 1)) as [AcceptedPair];
    const proposed = (
      await t.app.inject({
        method: 'POST',
        url: `/api/chat/conversations/${pair.cid}/dates`,
        headers: pair.bidder.headers,
        payload: PLAN,
      })
    ).json().plan.id;
    expect((await share(pair, proposed, uniquePhone())).statusCode).toBe(409);
    await act(t, pair.owner, proposed, 'answer', { answer: 'accept' });
    const bad = await share(pair, proposed, '12345');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MESSAGES.invalidPhone);
    const own = await share(pair, proposed, pair.bidder.phone_number);
    expect(own.json().message).toBe('Enter the number of someone you trust, not your own.');
    expect((await act(t, pair.owner, proposed, 'share', { phone: uniquePhone() })).statusCode).toBe(
      200,
    );
  });

  it('a STOP from the contact stops every later text to that number', async () => {
    const [pair] = (await acceptedPairs(t, clock, 1)) as [AcceptedPair];
    const id = await acceptedPlan(t, pair);
    const contact = uniquePhone();
    await share(pair, id, contact);
    const stop = await t.app.inject({
      method: 'POST',
      url: '/api/sms/inbound',
      payload: new URLSearchParams({ From: contact, Body: 'STOP' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(stop.statusCode).toBe(200);
    const again = await share(pair, id, contact);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'This number replied STOP to Bidboard. It gets no texts from us.',
    );
  });

  it('writes no phone number or token to any log line', async () => {
    const [pair] = (await acceptedPairs(t, clock, 1)) as [AcceptedPair];
    const id = await acceptedPlan(t, pair);
    const contact = uniquePhone();
    logLines.length = 0;
    await share(pair, id, contact);
    const token = tokenSentTo(contact);
    await page(token);
    await page(`${token.slice(0, -1)}x`);
    await t.app.inject({ method: 'GET', url: `/shared-date/${token}` });
    expect(logLines.length).toBeGreaterThan(3);
    const all = logLines.join('\n');
    expect(all).toContain('/api/shared-dates/[redacted]');
    for (const secret of [
      token,
      token.slice(0, 20),
      contact,
      contact.slice(2),
      contact.slice(-7),
    ]) {
      expect(all).not.toContain(secret);
    }
  });

  // Last: the clock moves past the plan's day for good.
  // Needs a second connection: the cancel is held open while the share reads the plan.
  it.skipIf(!onPostgres)('a share racing a cancel is refused and keeps no link', async () => {
    const [pair] = (await acceptedPairs(t, clock, 1)) as [AcceptedPair];
    const id = await acceptedPlan(t, pair);
    const contact = uniquePhone();
    let shared: Promise<Awaited<ReturnType<typeof share>>> | undefined;
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE date_plans SET state = 'cancelled' WHERE id = ${id}`);
      shared = share(pair, id, contact.slice(2));
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const res = await shared!;
    expect(res.statusCode).toBe(409);
    const kept = await rows(t.database.db, sql`SELECT id FROM date_shares WHERE plan_id = ${id}`);
    expect(kept).toEqual([]);
    expect(t.sms.lastTo(contact)).toBeUndefined();
  });

  it("shows nothing once the plan's day is over in its time zone", async () => {
    const [pair] = (await acceptedPairs(t, clock, 1)) as [AcceptedPair];
    const id = await acceptedPlan(t, pair);
    const contact = uniquePhone();
    await share(pair, id, contact);
    const token = tokenSentTo(contact);
    clock.set('2025-06-08T03:59:59Z');
    expect((await page(token)).statusCode).toBe(200);
    clock.set('2025-06-08T04:00:00Z');
    const expired = await page(token);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe('This shared date is not available.');
    // Nor can a new link be made for a day that is over.
    expect((await share(pair, id, uniquePhone())).statusCode).toBe(409);
  });
});
