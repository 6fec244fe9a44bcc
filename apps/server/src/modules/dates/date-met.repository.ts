// SQL of the did-you-meet answers and the follow-through rate (issue 45; product rules,
// Dates). A date counts for a member once either of the two answered for it; it counts as
// a no-show against them when the other answered 'no_show' and they said nothing (an
// answer of theirs, 'met' or 'no_show', contradicts it) and did not contest it (a contest
// voids the other's answer and files a report).
import { DATE_MET_ANSWER_DAYS, type MetAnswer } from '@bidboard/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { neitherBlocked } from '../blocks/blocks.repository';

const WINDOW = sql.raw(`interval '${DATE_MET_ANSWER_DAYS} days'`);

/**
 * The member's answer, taken once, only for an accepted plan of theirs whose day is over,
 * within the answer window, while neither member blocked the other.
 */
export async function insertMetAnswer(
  db: Executor,
  planId: number,
  userId: number,
  answer: MetAnswer,
  now: Date,
): Promise<boolean> {
  const stored = await rows(
    db,
    sql`INSERT INTO date_met_answers (plan_id, user_id, answer, answered_at)
        SELECT p.id, ${userId}, ${answer}, ${now} FROM date_plans p
         WHERE p.id = ${planId} AND p.state = 'accepted'
           AND ${userId} IN (p.proposer_id, p.responder_id)
           AND p.day_ends_at <= ${now} AND p.day_ends_at + ${WINDOW} > ${now}
           AND ${neitherBlocked(sql`p.proposer_id`, sql`p.responder_id`)}
        ON CONFLICT DO NOTHING
        RETURNING plan_id`,
  );
  return stored.length > 0;
}

/**
 * Voids the other member's 'no_show' against `userId` while it still counts (they have not
 * answered themself); returns whether there was one.
 */
export async function voidNoShowAgainst(
  tx: Executor,
  planId: number,
  userId: number,
  now: Date,
): Promise<boolean> {
  const voided = await rows(
    tx,
    sql`UPDATE date_met_answers o SET voided_at = ${now}
          FROM date_plans p
         WHERE o.plan_id = ${planId} AND p.id = o.plan_id AND p.state = 'accepted'
           AND ${userId} IN (p.proposer_id, p.responder_id) AND o.user_id <> ${userId}
           AND o.answer = 'no_show' AND o.voided_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM date_met_answers m
                            WHERE m.plan_id = o.plan_id AND m.user_id = ${userId}
                              AND m.voided_at IS NULL)
     RETURNING o.plan_id`,
  );
  return voided.length > 0;
}

/**
 * SQL for a LEFT JOIN LATERAL … ON TRUE: the member's (an SQL expression) dates that count
 * and the no-shows against them, as `dates` and `no_shows`.
 */
export function followThroughOf(member: SQL): SQL {
  return sql`(SELECT COUNT(*)::int AS dates,
                     (COUNT(*) FILTER (WHERE mine.answer IS NULL
                                         AND theirs.answer = 'no_show'))::int AS no_shows
                FROM date_plans fp
                LEFT JOIN date_met_answers mine ON mine.plan_id = fp.id
                     AND mine.user_id = ${member} AND mine.voided_at IS NULL
                LEFT JOIN date_met_answers theirs ON theirs.plan_id = fp.id
                     AND theirs.user_id <> ${member} AND theirs.voided_at IS NULL
               WHERE fp.state = 'accepted'
                 AND (fp.proposer_id = ${member} OR fp.responder_id = ${member})
                 AND (mine.answer IS NOT NULL OR theirs.answer IS NOT NULL))`;
}

/** 'Showed up to 9 of 10 dates' from the lateral's two counts; null before a date counts. */
export function presentFollowThrough(row: {
  ft_dates: number | null;
  ft_no_shows: number | null;
}): { showed: number; dates: number } | null {
  const dates = Number(row.ft_dates ?? 0);
  if (dates === 0) return null;
  return { showed: dates - Number(row.ft_no_shows ?? 0), dates };
}

/**
 * The contest as a member's report about the other for the moderators' queue (reason
 * 'other', the date named in its text), merged into their open one as a report is.
 * Written here, not through safety's reports, which sit above dates (a block ends plans).
 */
export async function fileContestReport(
  tx: Executor,
  report: { reporterId: number; reportedId: number; text: string; at: Date },
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO reports (reporter_id, reported_id, reason, text, created_at)
        VALUES (${report.reporterId}, ${report.reportedId}, 'other', ${report.text}, ${report.at})
        ON CONFLICT (reporter_id, reported_id, reason) WHERE source = 'member' AND status = 'open'
        DO UPDATE SET times = reports.times + 1,
          text = left(COALESCE(reports.text || E'\n\n', '') || EXCLUDED.text, 4000)`,
  );
}
