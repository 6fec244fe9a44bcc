// The check-in and the did-you-meet question (issue 45; product rules, Dates). A sweep on
// any server (jobs/date-sweep): at an accepted plan's time plus date_check_in_delay_minutes
// each member gets 'Are you OK?' (an alert, so a push and, if opted in, a text); a member
// who turned it on and has not answered date_check_in_escalation_minutes later has their
// trusted contact texted; the morning after the plan's day each member is asked whether the
// date happened. 'I need help' texts the contact at once. The product calls no emergency
// service and every text says so. Rows are claimed and marked in one statement, then the
// texts sent: at most once each, whichever server sweeps.
import {
  type CheckInAnswer,
  DATE_ALERT_MESSAGES,
  DATE_MESSAGES,
  DATE_SMS,
  type DatePlan,
} from '@bidboard/shared';
import type { SmsSender } from '../../adapters/sms/sms.port';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { publishAfterCommit } from '../../lib/realtime';
import { frenchName } from '../../lib/texts';
import { alertEvents } from '../alerts/alerts.events';
import { insertAlert } from '../alerts/alerts.repository';
import { loadSettings } from '../settings/settings.service';
import { textContact } from './contact-texts';
import {
  alarmDetails,
  claimCheckInsDue,
  claimMetQuestionsDue,
  claimSilentCheckIns,
  type DuePlan,
  answerCheckIn as storeAnswer,
} from './date-check-ins.repository';
import { datePlanEvents } from './date-plans.events';
import { usernamesOf } from './date-plans.repository';
import { memberPlan, viewOf } from './date-plans.service';
import { contactOf } from './date-shares.repository';
import type { DatesContext } from './dates.context';

/** The did-you-meet question waits for the morning after: 10:00 on the plan's clock. */
const MET_QUESTION_AFTER_MIDNIGHT_MINUTES = 10 * 60;

/** "Sat, Jun 7, 7:30 PM EDT" on the plan's clock. */
export function whenText(startsAt: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(startsAt));
}

async function alarmText(
  db: Executor,
  planId: number,
  userId: number,
  kind: 'help' | 'silent',
): Promise<string | null> {
  const d = await alarmDetails(db, planId, userId);
  if (!d) return null;
  return DATE_SMS[kind](
    d.member_username ?? 'A member',
    d.partner_username ?? 'a member',
    whenText(d.starts_at, d.time_zone),
    d.place,
  );
}

async function alertBoth(
  tx: Executor,
  plans: DuePlan[],
  kind: 'date_check_in' | 'date_did_you_meet',
) {
  const names = await usernamesOf(
    tx,
    plans.flatMap((p) => [p.proposer_id, p.responder_id]),
  );
  const written = [];
  for (const plan of plans) {
    for (const [to, other] of [
      [plan.proposer_id, plan.responder_id],
      [plan.responder_id, plan.proposer_id],
    ] as const) {
      written.push(
        await insertAlert(tx, {
          userId: to,
          kind,
          payload: { planId: plan.id, cid: plan.cid, userId: other },
          ...(kind === 'date_check_in'
            ? {
                message: DATE_ALERT_MESSAGES.checkIn,
                text: { key: 'DATE_ALERT_MESSAGES.checkIn' },
              }
            : {
                message: DATE_ALERT_MESSAGES.didYouMeet(names.get(other) ?? null),
                text: {
                  key: 'DATE_ALERT_MESSAGES.didYouMeet',
                  params: { partner: frenchName(names.get(other) ?? null) },
                },
              }),
        }),
      );
    }
  }
  return written;
}

export interface DateSweepResult {
  checkIns: number;
  alarms: number;
  metQuestions: number;
}

/** One sweep: check-ins due, silent check-ins to raise, did-you-meet questions due. */
export async function sweepDates(
  ctx: Pick<DatesContext, 'db' | 'clock' | 'config' | 'realtime'> & { sms: SmsSender },
): Promise<DateSweepResult> {
  const now = ctx.clock();
  const settings = await loadSettings(ctx.db, ctx.config);
  const checkIns = await publishAfterCommit(ctx.realtime, (events) =>
    ctx.db.transaction(async (tx) => {
      const due = await claimCheckInsDue(
        tx,
        now,
        settings.date_check_in_delay_minutes,
        settings.date_check_in_escalation_minutes,
      );
      if (due.length === 0) return 0;
      events.add(...alertEvents(await alertBoth(tx, due, 'date_check_in')));
      events.add(...due.flatMap(datePlanEvents));
      return due.length;
    }),
  );
  const alarms = await ctx.db.transaction((tx) => claimSilentCheckIns(tx, now));
  for (const alarm of alarms) {
    const text = await alarmText(ctx.db, alarm.plan_id, alarm.user_id, 'silent');
    if (text) await textContact(ctx, alarm.contact_phone, text);
  }
  const metQuestions = await publishAfterCommit(ctx.realtime, (events) =>
    ctx.db.transaction(async (tx) => {
      const due = await claimMetQuestionsDue(tx, now, MET_QUESTION_AFTER_MIDNIGHT_MINUTES);
      if (due.length === 0) return 0;
      events.add(...alertEvents(await alertBoth(tx, due, 'date_did_you_meet')));
      return due.length;
    }),
  );
  return { checkIns, alarms: alarms.length, metQuestions };
}

/**
 * 'I'm safe' or 'I need help'. Help texts the member's trusted contact, if they shared the
 * date with one (and the number did not text STOP); the answer stands either way.
 */
export async function answerCheckIn(
  ctx: DatesContext,
  me: number,
  id: number,
  answer: CheckInAnswer,
): Promise<{ plan: DatePlan; contactTexted: boolean }> {
  const plan = await memberPlan(ctx, me, id);
  const now = ctx.clock();
  const changed = await publishAfterCommit(ctx.realtime, async (events) => {
    const stored = await storeAnswer(ctx.db, id, me, answer, now);
    if (stored) events.add(...datePlanEvents(plan));
    return stored;
  });
  if (!changed) {
    const view = await viewOf(ctx, me, plan);
    throw new AppError(
      'CONFLICT',
      409,
      view.checkIn === null ? DATE_MESSAGES.checkInNotAsked : DATE_MESSAGES.checkInAnswered,
    );
  }
  let contactTexted = false;
  if (answer === 'help') {
    const contact = await contactOf(ctx.db, id, me);
    const text = contact ? await alarmText(ctx.db, id, me, 'help') : null;
    if (contact && text)
      contactTexted = (await textContact(ctx, contact.contact_phone, text)) === 'sent';
  }
  return { plan: await viewOf(ctx, me, plan), contactTexted };
}
