// SQL of the check-in and the did-you-meet question. The sweeper's claims take their rows
// with FOR UPDATE SKIP LOCKED and mark them in the same statement, so two servers sweeping
// at once never ask, or text a contact, twice.
import { DATE_MET_ANSWER_DAYS } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { neitherBlocked } from '../blocks/blocks.repository';

/** Plans this old past their day are not asked about any more (a sweeper long down). */
const STALE = sql`interval '1 day'`;
const BATCH = 100;

export interface DuePlan {
  id: number;
  cid: string;
  proposer_id: number;
  responder_id: number;
}

/**
 * Accepted plans whose time plus the delay has come: marked asked, with a check-in row for
 * each member that turns into an alarm `escalationMinutes` later if unanswered.
 */
export async function claimCheckInsDue(
  tx: Executor,
  now: Date,
  delayMinutes: number,
  escalationMinutes: number,
): Promise<DuePlan[]> {
  const due = await rows<DuePlan>(
    tx,
    sql`UPDATE date_plans p SET check_in_asked_at = ${now}
         WHERE p.id IN (
           SELECT id FROM date_plans
            WHERE state = 'accepted' AND check_in_asked_at IS NULL
              AND starts_at + make_interval(mins => ${delayMinutes}) <= ${now}
              AND day_ends_at + ${STALE} > ${now}
            ORDER BY starts_at LIMIT ${BATCH}
            FOR UPDATE SKIP LOCKED)
     RETURNING p.id, p.cid, p.proposer_id, p.responder_id`,
  );
  if (due.length === 0) return due;
  const escalateAt = new Date(now.getTime() + escalationMinutes * 60_000);
  await tx.execute(
    sql`INSERT INTO date_check_ins (plan_id, user_id, asked_at, escalate_at)
        VALUES ${sql.join(
          due.flatMap((p) => [
            sql`(${p.id}, ${p.proposer_id}, ${now}, ${escalateAt})`,
            sql`(${p.id}, ${p.responder_id}, ${now}, ${escalateAt})`,
          ]),
          sql`, `,
        )}
        ON CONFLICT DO NOTHING`,
  );
  return due;
}

export interface Alarm {
  plan_id: number;
  user_id: number;
  contact_phone: string;
}

/**
 * Unanswered check-ins past their time whose member asked for it and has a live link:
 * marked 'escalated' as they are claimed, so each contact is texted once.
 */
export async function claimSilentCheckIns(tx: Executor, now: Date): Promise<Alarm[]> {
  return rows<Alarm>(
    tx,
    sql`UPDATE date_check_ins ci SET state = 'escalated', escalated_at = ${now}
          FROM date_shares s
         WHERE (ci.plan_id, ci.user_id) IN (
                 SELECT c.plan_id, c.user_id FROM date_check_ins c
                   JOIN date_plans p ON p.id = c.plan_id AND p.state = 'accepted'
                   JOIN date_shares l ON l.plan_id = c.plan_id AND l.user_id = c.user_id
                                     AND l.revoked_at IS NULL AND l.escalate_on_silence
                  WHERE c.state = 'asked' AND c.escalate_at <= ${now}
                  ORDER BY c.escalate_at LIMIT ${BATCH}
                  FOR UPDATE OF c SKIP LOCKED)
           AND s.plan_id = ci.plan_id AND s.user_id = ci.user_id AND s.revoked_at IS NULL
           AND s.escalate_on_silence
     RETURNING ci.plan_id, ci.user_id, s.contact_phone`,
  );
}

/** The member's answer; 'help' and 'safe' are taken once each time the state allows. */
export async function answerCheckIn(
  db: Executor,
  planId: number,
  userId: number,
  answer: 'safe' | 'help',
  now: Date,
): Promise<boolean> {
  const from =
    answer === 'help' ? sql`('asked', 'escalated', 'safe')` : sql`('asked', 'escalated', 'help')`;
  const updated = await rows(
    db,
    sql`UPDATE date_check_ins SET state = ${answer}, answered_at = ${now}
         WHERE plan_id = ${planId} AND user_id = ${userId} AND state IN ${from}
     RETURNING plan_id`,
  );
  return updated.length > 0;
}

/**
 * Accepted plans whose next morning has come: marked asked, once. A pair with a block is
 * not asked (the question is closed for them); past the answer window nobody is.
 */
export async function claimMetQuestionsDue(
  tx: Executor,
  now: Date,
  afterDayEndsMinutes: number,
): Promise<DuePlan[]> {
  return rows<DuePlan>(
    tx,
    sql`UPDATE date_plans p SET met_asked_at = ${now}
         WHERE p.id IN (
           SELECT id FROM date_plans
            WHERE state = 'accepted' AND met_asked_at IS NULL
              AND day_ends_at + make_interval(mins => ${afterDayEndsMinutes}) <= ${now}
              AND day_ends_at + make_interval(days => ${DATE_MET_ANSWER_DAYS}) > ${now}
              AND ${neitherBlocked(sql`proposer_id`, sql`responder_id`)}
            ORDER BY day_ends_at LIMIT ${BATCH}
            FOR UPDATE SKIP LOCKED)
     RETURNING p.id, p.cid, p.proposer_id, p.responder_id`,
  );
}

export interface AlarmDetails {
  member_username: string | null;
  partner_username: string | null;
  starts_at: Date | string;
  time_zone: string;
  place: string;
}

export async function alarmDetails(
  db: Executor,
  planId: number,
  userId: number,
): Promise<AlarmDetails | undefined> {
  const [row] = await rows<AlarmDetails>(
    db,
    sql`SELECT m.username AS member_username, o.username AS partner_username,
               p.starts_at, p.time_zone, p.place
          FROM date_plans p
          JOIN users m ON m.id = ${userId}
          JOIN users o ON o.id = CASE WHEN p.proposer_id = ${userId} THEN p.responder_id
                                      ELSE p.proposer_id END
         WHERE p.id = ${planId}`,
  );
  return row;
}
