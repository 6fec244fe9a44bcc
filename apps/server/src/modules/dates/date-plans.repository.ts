// SQL of date plans. Every change of state is one UPDATE guarded by the state it expects
// (and by who may make it), so two answers racing on two servers change a plan once: the
// loser's UPDATE matches no row. A proposal is written only while the two have an accepted
// connection and no block, checked in the INSERT itself.
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { neitherBlocked } from '../blocks/blocks.repository';

export interface PlanRow {
  id: number;
  cid: string;
  proposer_id: number;
  responder_id: number;
  starts_at: Date | string;
  day_ends_at: Date | string;
  time_zone: string;
  place: string;
  note: string | null;
  state: 'proposed' | 'accepted' | 'declined' | 'moved' | 'cancelled';
  moved_from_id: number | null;
  created_at: Date | string;
  answered_at: Date | string | null;
  cancelled_by: number | null;
}

/** A plan as one member sees it: their own check-in, live share and did-you-meet answer. */
export interface PlanView extends PlanRow {
  check_in: 'asked' | 'safe' | 'help' | 'escalated' | null;
  share_phone: string | null;
  share_expires_at: Date | string | null;
  share_escalates: boolean | null;
  met_answer: 'met' | 'no_show' | null;
  /** The other's uncontested 'no_show' while the viewer has not answered. */
  no_show_against: boolean;
}

const planColumns = sql.raw(
  `p.id, p.cid, p.proposer_id, p.responder_id, p.starts_at, p.day_ends_at, p.time_zone, p.place,
   p.note, p.state, p.moved_from_id, p.created_at, p.answered_at, p.cancelled_by`,
);

export interface NewPlan {
  cid: string;
  proposerId: number;
  responderId: number;
  startsAt: Date;
  dayEndsAt: Date;
  timeZone: string;
  place: string;
  note: string | null;
  movedFromId: number | null;
}

export type InsertOutcome = { kind: 'inserted'; row: PlanRow } | { kind: 'not-open' };

/**
 * The chat's standing plans whose time has passed stop holding its one place (the unique
 * date_plans_one_open_key), in the proposal's transaction: a pair whose date is behind them
 * can plan the next one.
 */
async function lapsePastPlans(tx: Executor, cid: string, now: Date) {
  await tx.execute(
    sql`UPDATE date_plans SET lapsed_at = ${now}
         WHERE cid = ${cid} AND state IN ('proposed', 'accepted') AND lapsed_at IS NULL
           AND starts_at <= ${now}`,
  );
}

/** The plan, only while the two have an accepted connection and neither blocked the other. */
export async function insertPlan(tx: Executor, plan: NewPlan, now: Date): Promise<InsertOutcome> {
  await lapsePastPlans(tx, plan.cid, now);
  const a = sql`${plan.proposerId}::int`;
  const b = sql`${plan.responderId}::int`;
  const [row] = await rows<PlanRow>(
    tx,
    sql`INSERT INTO date_plans AS p (cid, proposer_id, responder_id, starts_at, day_ends_at,
                                     time_zone, place, note, moved_from_id)
        SELECT ${plan.cid}, ${plan.proposerId}, ${plan.responderId}, ${plan.startsAt},
               ${plan.dayEndsAt}, ${plan.timeZone}, ${plan.place}, ${plan.note}, ${plan.movedFromId}
         WHERE EXISTS (SELECT 1 FROM connections c WHERE c.status = 'accepted'
                          AND ((c.user_id = ${a} AND c.partner_id = ${b})
                            OR (c.user_id = ${b} AND c.partner_id = ${a})))
           AND ${neitherBlocked(a, b)}
        RETURNING ${planColumns}`,
  );
  return row ? { kind: 'inserted', row } : { kind: 'not-open' };
}

export async function planById(db: Executor, id: number): Promise<PlanRow | undefined> {
  const [row] = await rows<PlanRow>(
    db,
    sql`SELECT ${planColumns} FROM date_plans p WHERE p.id = ${id}`,
  );
  return row;
}

/**
 * Locks the plan while it is accepted and the two have no block: a share written under
 * this lock cannot outlive a cancel or a block (each changes the plan's row, so it waits
 * for the share's commit, then revokes it) and is never written after one.
 */
export async function lockAcceptedPlan(tx: Executor, id: number): Promise<boolean> {
  const locked = await rows(
    tx,
    sql`SELECT p.id FROM date_plans p
         WHERE p.id = ${id} AND p.state = 'accepted'
           AND ${neitherBlocked(sql`p.proposer_id`, sql`p.responder_id`)}
         FOR UPDATE`,
  );
  return locked.length > 0;
}

/** The responder's answer, only while the plan is still proposed to them and to come. */
export async function answerPlan(
  tx: Executor,
  id: number,
  responderId: number,
  state: 'accepted' | 'declined' | 'moved',
  now: Date,
): Promise<PlanRow | undefined> {
  const [row] = await rows<PlanRow>(
    tx,
    sql`UPDATE date_plans p SET state = ${state}, answered_at = ${now}
         WHERE p.id = ${id} AND p.responder_id = ${responderId} AND p.state = 'proposed'
           AND p.starts_at > ${now}
     RETURNING ${planColumns}`,
  );
  return row;
}

/** Either member's cancellation of a plan still standing and still to come. */
export async function cancelPlan(
  db: Executor,
  id: number,
  memberId: number,
  now: Date,
): Promise<PlanRow | undefined> {
  const [row] = await rows<PlanRow>(
    db,
    sql`UPDATE date_plans p SET state = 'cancelled', cancelled_at = ${now}, cancelled_by = ${memberId}
         WHERE p.id = ${id} AND ${memberId} IN (p.proposer_id, p.responder_id)
           AND p.state IN ('proposed', 'accepted') AND p.starts_at > ${now}
     RETURNING ${planColumns}`,
  );
  return row;
}

/** A cancelled plan's links stop at once. */
export async function revokeSharesOfPlan(tx: Executor, planId: number, now: Date) {
  await tx.execute(
    sql`UPDATE date_shares SET revoked_at = ${now} WHERE plan_id = ${planId} AND revoked_at IS NULL`,
  );
}

/**
 * A block ends the pair's standing plans still to come and revokes every link either shared
 * of any of their plans, in the block's transaction. A plan whose time has passed stays as
 * it was (the date happened or not; answers given about it stand). Returns the plans
 * cancelled.
 */
export async function endDatesBetween(
  tx: Executor,
  a: number,
  b: number,
  now: Date,
): Promise<PlanRow[]> {
  const pair = sql`((p.proposer_id = ${a} AND p.responder_id = ${b})
                 OR (p.proposer_id = ${b} AND p.responder_id = ${a}))`;
  await tx.execute(
    sql`UPDATE date_shares s SET revoked_at = ${now}
          FROM date_plans p
         WHERE s.plan_id = p.id AND s.revoked_at IS NULL AND ${pair}`,
  );
  return rows<PlanRow>(
    tx,
    sql`UPDATE date_plans p SET state = 'cancelled', cancelled_at = ${now}, cancelled_by = NULL
         WHERE p.state IN ('proposed', 'accepted') AND p.starts_at > ${now} AND ${pair}
     RETURNING ${planColumns}`,
  );
}

/** The conversation's plans as `viewerId` sees them, newest first. */
export async function plansOf(
  db: Executor,
  cid: string,
  viewerId: number,
  options: { limit: number; id?: number },
): Promise<PlanView[]> {
  return rows<PlanView>(
    db,
    sql`SELECT ${planColumns}, ci.state AS check_in, s.contact_phone AS share_phone,
               s.expires_at AS share_expires_at, s.escalate_on_silence AS share_escalates,
               m.answer AS met_answer,
               (m.answer IS NULL AND o.answer = 'no_show') AS no_show_against
          FROM date_plans p
          LEFT JOIN date_check_ins ci ON ci.plan_id = p.id AND ci.user_id = ${viewerId}
          LEFT JOIN date_shares s ON s.plan_id = p.id AND s.user_id = ${viewerId}
                                 AND s.revoked_at IS NULL
          LEFT JOIN date_met_answers m ON m.plan_id = p.id AND m.user_id = ${viewerId}
                                       AND m.voided_at IS NULL
          LEFT JOIN date_met_answers o ON o.plan_id = p.id AND o.user_id <> ${viewerId}
                                       AND o.voided_at IS NULL
         WHERE p.cid = ${cid} ${options.id === undefined ? sql`` : sql`AND p.id = ${options.id}`}
         ORDER BY p.id DESC
         LIMIT ${options.limit}`,
  );
}

/** Both members' usernames, for the alerts and the calendar file. */
export async function usernamesOf(
  db: Executor,
  ids: readonly number[],
): Promise<Map<number, string | null>> {
  const found = await rows<{ id: number; username: string | null }>(
    db,
    sql`SELECT id, username FROM users WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(found.map((r) => [r.id, r.username]));
}
