// The check-in and the did-you-meet question on a controllable clock (issue 45): asked at
// the plan's time plus the setting, once however many servers sweep; 'I need help', or
// silence for a member who turned that on, texts the trusted contact through the SMS
// adapter with the date's details, once; a STOP from the contact stops it.
import { DATE_SMS } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type AcceptedPair, acceptedPairs } from '../../../test/chat';
import { acceptedPlan, act, PLAN } from '../../../test/dates';
import { uniquePhone } from '../../../test/factories';
import { testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { registerDateSweeper, startDateSweeper } from '../../jobs/date-sweep';
import { updateSettings } from '../settings/settings.service';
import { sweepDates } from './date-check-ins.service';

const clock = testClock('2025-06-02T15:00:00Z');

describe('date check-ins', () => {
  let t: TestApp;
  const sweep = () =>
    sweepDates({ db: t.database.db, clock: clock.clock, config: t.config, sms: t.sms });
  beforeAll(async () => {
    t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock, poolSize: 10 });
  });
  afterAll(() => t?.close());

  async function alertKinds(userId: number) {
    const found = await rows<{ kind: string; message: string }>(
      t.database.db,
      sql`SELECT kind, message FROM alerts WHERE user_id = ${userId}
           AND kind IN ('date_check_in', 'date_did_you_meet') ORDER BY id`,
    );
    return found;
  }

  async function planWithContact(day: string, escalate: boolean) {
    const [pair] = (await acceptedPairs(t, clock, 1)) as [AcceptedPair];
    const id = await acceptedPlan(t, pair, { ...PLAN, day });
    const contact = uniquePhone();
    const shared = await act(t, pair.bidder, id, 'share', {
      phone: contact,
      escalateOnSilence: escalate,
    });
    expect(shared.statusCode).toBe(200);
    return { pair, id, contact, shareText: t.sms.lastTo(contact)!.body };
  }

  it('asks both members at the time plus the delay, once across two sweeping servers', async () => {
    const { pair, id } = await planWithContact('2025-06-07', false);
    // 19:30 EDT is 23:30 UTC; two hours later is 01:30 UTC.
    clock.set('2025-06-08T01:29:59Z');
    expect((await sweep()).checkIns).toBe(0);
    expect((await act(t, pair.bidder, id, 'check-in', { answer: 'safe' })).json().message).toBe(
      'There is no check-in to answer for this date yet.',
    );
    clock.set('2025-06-08T01:30:00Z');
    const [a, b] = await Promise.all([sweep(), sweep()]);
    expect(a.checkIns + b.checkIns).toBe(1);
    expect((await sweep()).checkIns).toBe(0);
    for (const member of [pair.bidder, pair.owner]) {
      expect(await alertKinds(member.id)).toEqual([
        {
          kind: 'date_check_in',
          message: 'Are you OK? Tell us how your date is going: I’m safe or I need help.',
        },
      ]);
    }
    const safe = await act(t, pair.bidder, id, 'check-in', { answer: 'safe' });
    expect(safe.json()).toMatchObject({ plan: { checkIn: 'safe' }, contactTexted: false });
    expect((await act(t, pair.bidder, id, 'check-in', { answer: 'safe' })).statusCode).toBe(409);
  });

  it("'I need help' texts the contact the date's details at once, once", async () => {
    const { pair, id, contact, shareText } = await planWithContact('2025-06-10', false);
    clock.set('2025-06-11T01:30:00Z');
    await sweep();
    const help = await act(t, pair.bidder, id, 'check-in', { answer: 'help' });
    expect(help.statusCode).toBe(200);
    expect(help.json()).toMatchObject({ plan: { checkIn: 'help' }, contactTexted: true });
    expect(t.sms.lastTo(contact)!.body).toBe(
      DATE_SMS.help(
        pair.bidder.username!,
        pair.owner.username!,
        'Tue, Jun 10, 7:30 PM EDT',
        PLAN.place,
      ),
    );
    expect(t.sms.lastTo(contact)!.body).toContain('does not call emergency services');
    expect(t.sms.lastTo(contact)!.body).not.toBe(shareText);
    expect((await act(t, pair.bidder, id, 'check-in', { answer: 'help' })).statusCode).toBe(409);
    // The partner's own check-in stands apart, and they shared with nobody.
    const theirs = await act(t, pair.owner, id, 'check-in', { answer: 'help' });
    expect(theirs.json()).toMatchObject({ plan: { checkIn: 'help' }, contactTexted: false });
  });

  it('silence texts the contact after the further delay, only for a member who turned it on', async () => {
    const on = await planWithContact('2025-06-13', true);
    const off = await planWithContact('2025-06-13', false);
    clock.set('2025-06-14T01:30:00Z');
    await sweep();
    clock.set('2025-06-14T01:59:59Z');
    expect((await sweep()).alarms).toBe(0);
    clock.set('2025-06-14T02:00:00Z');
    const [a, b] = await Promise.all([sweep(), sweep()]);
    expect(a.alarms + b.alarms).toBe(1);
    expect(t.sms.lastTo(on.contact)!.body).toBe(
      DATE_SMS.silent(
        on.pair.bidder.username!,
        on.pair.owner.username!,
        'Fri, Jun 13, 7:30 PM EDT',
        PLAN.place,
      ),
    );
    expect(t.sms.lastTo(off.contact)!.body).toBe(off.shareText);
    expect((await sweep()).alarms).toBe(0);
    const [row] = await rows<{ state: string }>(
      t.database.db,
      sql`SELECT state FROM date_check_ins WHERE plan_id = ${on.id} AND user_id = ${on.pair.bidder.id}`,
    );
    expect(row!.state).toBe('escalated');
    // A late 'I'm safe' still counts.
    expect((await act(t, on.pair.bidder, on.id, 'check-in', { answer: 'safe' })).statusCode).toBe(
      200,
    );
  });

  it('an answer before the further delay, or a STOP from the contact, sends nothing', async () => {
    const answered = await planWithContact('2025-06-16', true);
    const stopped = await planWithContact('2025-06-16', true);
    await t.app.inject({
      method: 'POST',
      url: '/api/sms/inbound',
      payload: new URLSearchParams({ From: stopped.contact, Body: 'STOP' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    clock.set('2025-06-17T01:30:00Z');
    await sweep();
    await act(t, answered.pair.bidder, answered.id, 'check-in', { answer: 'safe' });
    clock.set('2025-06-17T02:00:00Z');
    await sweep();
    expect(t.sms.lastTo(answered.contact)!.body).toBe(answered.shareText);
    expect(t.sms.lastTo(stopped.contact)!.body).toBe(stopped.shareText);
    const help = await act(t, stopped.pair.bidder, stopped.id, 'check-in', { answer: 'help' });
    expect(help.json().contactTexted).toBe(false);
  });

  it('follows the delay setting, runs as a job, and asks whether the date happened the morning after', async () => {
    await updateSettings(t.database.db, t.config, { date_check_in_delay_minutes: 30 }, null);
    const { pair } = await planWithContact('2025-06-19', false);
    clock.set('2025-06-20T00:00:00Z');
    const job = startDateSweeper({
      db: t.database.db,
      clock: clock.clock,
      config: t.config,
      sms: t.sms,
      onError: (error) => {
        throw error;
      },
      intervalMs: 3_600_000,
    });
    expect((await job.wake())?.checkIns).toBe(1);
    // Midnight ends the 19th in New York at 04:00 UTC; the question comes at 10:00 there.
    clock.set('2025-06-20T13:59:59Z');
    expect((await job.wake())?.metQuestions).toBe(0);
    clock.set('2025-06-20T14:00:00Z');
    expect((await job.wake())?.metQuestions).toBe(1);
    expect((await job.wake())?.metQuestions).toBe(0);
    await job.stop();
    expect((await alertKinds(pair.owner.id)).map((a) => a.message)).toEqual([
      'Are you OK? Tell us how your date is going: I’m safe or I need help.',
      `Did your date with ${pair.bidder.username} happen? Tell us in the chat.`,
    ]);
  });

  it('runs as soon as the development clock moves, not at its next turn', async () => {
    const { pair } = await planWithContact('2025-06-25', false);
    let clockMoved = () => {};
    const server = Fastify();
    registerDateSweeper(server, {
      db: t.database.db,
      clock: clock.clock,
      config: t.config,
      sms: t.sms,
      enabled: true,
      wakeOn: (wake) => {
        clockMoved = wake;
      },
    });
    await server.ready();
    try {
      // The run at start finds nothing due; the next turn is a minute away.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await alertKinds(pair.owner.id)).toEqual([]);
      // 19:30 EDT is 23:30 UTC: past the check-in's delay at 02:00 UTC.
      clock.set('2025-06-26T02:00:00Z');
      clockMoved();
      await expect
        .poll(async () => (await alertKinds(pair.owner.id)).map((a) => a.kind), { timeout: 5_000 })
        .toEqual(['date_check_in']);
    } finally {
      await server.close();
    }
  });
});
