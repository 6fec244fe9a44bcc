// Did you meet? (issue 45; product rules, Dates). The morning after an accepted plan's day
// both members are asked (date-check-ins.service's sweep); each answers once, within
// DATE_MET_ANSWER_DAYS: 'met', or 'no_show' (the other did not come). A no-show answered by
// one and contradicted by no answer of the other counts against the other in the
// follow-through rate bidders see; the other may contest it, which files a report for the
// moderators and stops it counting. A block before answering closes the question for both
// (product rules, Blocks cover everything: nothing more passes between them); answers
// given before the block stand, and so does the contest, which goes to the moderators only.
import { DATE_MESSAGES, type DatePlan, type MetAnswer } from '@bidboard/shared';
import { AppError, forbidden } from '../../lib/errors';
import { publishAfterCommit, transactionThenPublish } from '../../lib/realtime';
import { isBlockedBetween } from '../blocks/blocks.repository';
import { whenText } from './date-check-ins.service';
import { fileContestReport, insertMetAnswer, voidNoShowAgainst } from './date-met.repository';
import { datePlanEvents } from './date-plans.events';
import { usernamesOf } from './date-plans.repository';
import { memberPlan, viewOf } from './date-plans.service';
import { type DatesContext, metOpen } from './dates.context';

const conflict = (message: string) => new AppError('CONFLICT', 409, message);
const partnerOf = (plan: { proposer_id: number; responder_id: number }, me: number) =>
  plan.proposer_id === me ? plan.responder_id : plan.proposer_id;

export async function answerMet(
  ctx: DatesContext,
  me: number,
  id: number,
  answer: MetAnswer,
): Promise<DatePlan> {
  const plan = await memberPlan(ctx, me, id);
  const now = ctx.clock();
  const stored = await publishAfterCommit(ctx.realtime, async (events) => {
    const done = await insertMetAnswer(ctx.db, id, me, answer, now);
    if (done) events.add(...datePlanEvents(plan));
    return done;
  });
  if (!stored) {
    if (await isBlockedBetween(ctx.db, me, partnerOf(plan, me))) throw forbidden();
    if (plan.state !== 'accepted') throw conflict(DATE_MESSAGES.notAccepted);
    if (now.getTime() < new Date(plan.day_ends_at).getTime())
      throw conflict(DATE_MESSAGES.metNotYet);
    if (!metOpen(plan, now)) throw conflict(DATE_MESSAGES.metClosed);
    throw conflict(DATE_MESSAGES.metAnswered);
  }
  return viewOf(ctx, me, plan);
}

/** The member contests the other's no-show against them: it stops counting, and is reported. */
export async function contestNoShow(
  ctx: DatesContext,
  me: number,
  id: number,
  words: string | undefined,
): Promise<void> {
  const plan = await memberPlan(ctx, me, id);
  const partner = partnerOf(plan, me);
  const now = ctx.clock();
  const names = await usernamesOf(ctx.db, [me, partner]);
  const text = [
    `Contests a no-show: ${names.get(partner) ?? 'the other member'} said ${names.get(me) ?? 'this member'} did not come to their date on ${whenText(plan.starts_at, plan.time_zone)} at ${plan.place}.`,
    words ? `In their words: ${words}` : null,
  ]
    .filter(Boolean)
    .join('\n');
  await transactionThenPublish(ctx, async (tx, events) => {
    if (!(await voidNoShowAgainst(tx, id, me, now))) throw conflict(DATE_MESSAGES.nothingToContest);
    await fileContestReport(tx, { reporterId: me, reportedId: partner, text, at: now });
    events.add(...datePlanEvents(plan));
  });
}
