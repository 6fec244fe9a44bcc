// Date plans in chat (issue 45; product rules, Dates): either member of an accepted, unblocked
// connection proposes a day, time and place; the other accepts, suggests another time or
// declines; either cancels. One guarded UPDATE per change (date-plans.repository), the alert
// to the other member in the same transaction, and the live event after the commit.
import {
  type AlertKind,
  DATE_ALERT_MESSAGES,
  DATE_MESSAGES,
  DATE_PLAN_MAX_DAYS_AHEAD,
  DATE_PLANS_LISTED,
  type DateAnswer,
  type DatePlan,
  type ProposeDateBody,
} from '@bidboard/shared';
import type { Tx } from '../../db/client';
import { AppError, badRequest, constraintOf, forbidden, notFound } from '../../lib/errors';
import { type PendingEvents, transactionThenPublish } from '../../lib/realtime';
import { frenchName } from '../../lib/texts';
import { alertEvents } from '../alerts/alerts.events';
import { insertAlert } from '../alerts/alerts.repository';
import { isBlockedBetween } from '../blocks/blocks.repository';
import { calendarFile } from './calendar-file';
import { membersOf } from './conversation-members';
import { datePlanEvents } from './date-plans.events';
import {
  answerPlan,
  cancelPlan,
  insertPlan,
  type PlanRow,
  planById,
  plansOf,
  revokeSharesOfPlan,
  usernamesOf,
} from './date-plans.repository';
import { type DatesContext, planTimes, presentPlan } from './dates.context';

const DAY_MS = 24 * 60 * 60_000;
const conflict = (message: string) => new AppError('CONFLICT', 409, message);
const notInChat = () => new AppError('FORBIDDEN', 403, DATE_MESSAGES.notInChat);

export async function listPlans(ctx: DatesContext, me: number, cid: string): Promise<DatePlan[]> {
  const { partnerId } = membersOf(cid, me);
  // A block hides the pair's plans too, both ways.
  if (await isBlockedBetween(ctx.db, me, partnerId)) throw forbidden();
  const found = await plansOf(ctx.db, cid, me, { limit: DATE_PLANS_LISTED });
  const now = ctx.clock();
  return found.map((row) => presentPlan(row, now));
}

/** The plan as `me` sees it after a change. */
export async function viewOf(
  ctx: DatesContext,
  me: number,
  row: Pick<PlanRow, 'cid' | 'id'>,
): Promise<DatePlan> {
  const [view] = await plansOf(ctx.db, row.cid, me, { limit: 1, id: row.id });
  return presentPlan(view!, ctx.clock());
}

/** A plan one of whose members is `me`; 404 for anyone else, as for a plan that is not. */
export async function memberPlan(ctx: Pick<DatesContext, 'db'>, me: number, id: number) {
  const plan = await planById(ctx.db, id);
  if (!plan || (plan.proposer_id !== me && plan.responder_id !== me)) {
    throw notFound(DATE_MESSAGES.notFound);
  }
  return plan;
}

function timesOf(body: ProposeDateBody, now: Date) {
  const times = planTimes(body.day, body.time, body.timeZone);
  if (!times.valid) throw badRequest('VALIDATION', DATE_MESSAGES.invalidDay);
  if (times.startsAt.getTime() <= now.getTime()) {
    throw badRequest('VALIDATION', DATE_MESSAGES.inThePast);
  }
  if (times.startsAt.getTime() > now.getTime() + DATE_PLAN_MAX_DAYS_AHEAD * DAY_MS) {
    throw badRequest('VALIDATION', DATE_MESSAGES.tooFarAhead);
  }
  return times;
}

async function alertOther(
  tx: Tx,
  events: PendingEvents,
  plan: PlanRow,
  from: number,
  kind: AlertKind,
  say: Exclude<keyof typeof DATE_ALERT_MESSAGES, 'checkIn' | 'didYouMeet'>,
) {
  const to = plan.proposer_id === from ? plan.responder_id : plan.proposer_id;
  const names = await usernamesOf(tx, [from]);
  const name = names.get(from) ?? null;
  const alert = await insertAlert(tx, {
    userId: to,
    kind,
    payload: { planId: plan.id, cid: plan.cid, userId: from },
    message: DATE_ALERT_MESSAGES[say](name),
    text: {
      key: `DATE_ALERT_MESSAGES.${say}`,
      params: { [say === 'proposed' ? 'from' : 'by']: frenchName(name, { starts: true }) },
    },
  });
  events.add(...alertEvents([alert]));
}

async function insertProposal(
  tx: Tx,
  events: PendingEvents,
  me: number,
  partnerId: number,
  cid: string,
  body: ProposeDateBody,
  now: Date,
  movedFromId: number | null,
): Promise<PlanRow> {
  const times = timesOf(body, now);
  let outcome: Awaited<ReturnType<typeof insertPlan>>;
  try {
    outcome = await insertPlan(
      tx,
      {
        cid,
        proposerId: me,
        responderId: partnerId,
        ...times,
        timeZone: body.timeZone,
        place: body.place,
        note: body.note ? body.note : null,
        movedFromId,
      },
      now,
    );
  } catch (error) {
    if (constraintOf(error) === 'date_plans_one_open_key')
      throw conflict(DATE_MESSAGES.alreadyPlanned);
    throw error;
  }
  if (outcome.kind === 'not-open') throw notInChat();
  events.add(...datePlanEvents(outcome.row));
  return outcome.row;
}

export async function proposeDate(
  ctx: DatesContext,
  me: number,
  cid: string,
  body: ProposeDateBody,
): Promise<DatePlan> {
  const { partnerId } = membersOf(cid, me);
  const now = ctx.clock();
  const row = await transactionThenPublish(ctx, async (tx, events) => {
    const plan = await insertProposal(tx, events, me, partnerId, cid, body, now, null);
    await alertOther(tx, events, plan, me, 'date_proposed', 'proposed');
    return plan;
  });
  return viewOf(ctx, me, row);
}

/** The responder accepts or declines; the first answer wins, a later one gets 409. */
export async function answerDate(
  ctx: DatesContext,
  me: number,
  id: number,
  answer: DateAnswer,
): Promise<DatePlan> {
  const plan = await memberPlan(ctx, me, id);
  if (plan.responder_id !== me) throw new AppError('FORBIDDEN', 403, DATE_MESSAGES.notYours);
  const now = ctx.clock();
  const state = answer === 'accept' ? 'accepted' : 'declined';
  const row = await transactionThenPublish(ctx, async (tx, events) => {
    const answered = await answerPlan(tx, id, me, state, now);
    if (!answered) throw unanswerable(plan, now);
    events.add(...datePlanEvents(answered));
    const say = state === 'accepted' ? 'accepted' : 'declined';
    await alertOther(tx, events, answered, me, 'date_answered', say);
    return answered;
  });
  return viewOf(ctx, me, row);
}

/** The responder suggests another time: the proposal is 'moved' and theirs takes its place. */
export async function moveDate(
  ctx: DatesContext,
  me: number,
  id: number,
  body: ProposeDateBody,
): Promise<DatePlan> {
  const plan = await memberPlan(ctx, me, id);
  if (plan.responder_id !== me) throw new AppError('FORBIDDEN', 403, DATE_MESSAGES.notYours);
  const now = ctx.clock();
  timesOf(body, now);
  const row = await transactionThenPublish(ctx, async (tx, events) => {
    const moved = await answerPlan(tx, id, me, 'moved', now);
    if (!moved) throw unanswerable(plan, now);
    const next = await insertProposal(tx, events, me, plan.proposer_id, plan.cid, body, now, id);
    await alertOther(tx, events, next, me, 'date_answered', 'moved');
    return next;
  });
  return viewOf(ctx, me, row);
}

const isPast = (plan: PlanRow, now: Date) => new Date(plan.starts_at).getTime() <= now.getTime();

/** Why an answer matched no row: taken by another, or a proposal whose time has passed. */
function unanswerable(plan: PlanRow, now: Date) {
  return conflict(
    plan.state === 'proposed' && isPast(plan, now)
      ? DATE_MESSAGES.notOpen
      : DATE_MESSAGES.alreadyAnswered,
  );
}

/** Either member cancels a standing plan until its time; after it, the date happened or not. */
export async function cancelDate(ctx: DatesContext, me: number, id: number): Promise<DatePlan> {
  const plan = await memberPlan(ctx, me, id);
  const now = ctx.clock();
  const row = await transactionThenPublish(ctx, async (tx, events) => {
    const cancelled = await cancelPlan(tx, id, me, now);
    if (!cancelled) {
      const standing = plan.state === 'proposed' || plan.state === 'accepted';
      throw conflict(
        standing && isPast(plan, now) ? DATE_MESSAGES.cancelPast : DATE_MESSAGES.notOpen,
      );
    }
    // Whatever either shared of it stops at once.
    await revokeSharesOfPlan(tx, id, now);
    events.add(...datePlanEvents(cancelled));
    await alertOther(tx, events, cancelled, me, 'date_cancelled', 'cancelled');
    return cancelled;
  });
  return viewOf(ctx, me, row);
}

/** The .ics of an accepted plan, for one of its members. */
export async function planCalendar(ctx: DatesContext, me: number, id: number): Promise<string> {
  const plan = await memberPlan(ctx, me, id);
  if (plan.state !== 'accepted') throw conflict(DATE_MESSAGES.notAccepted);
  const partnerId = plan.proposer_id === me ? plan.responder_id : plan.proposer_id;
  const names = await usernamesOf(ctx.db, [partnerId]);
  return calendarFile(plan, names.get(partnerId) ?? null, ctx.clock());
}
