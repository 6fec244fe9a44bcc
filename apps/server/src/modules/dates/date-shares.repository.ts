// SQL of Share My Date and of the STOP list of numbers that are not members'. A link is
// found by its token's SHA-256 only, and only while it is live: not revoked, not past the
// end of the plan's day, its plan still accepted and no block between the two.
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { neitherBlocked } from '../blocks/blocks.repository';

export interface NewShare {
  planId: number;
  userId: number;
  contactPhone: string;
  tokenHash: string;
  escalateOnSilence: boolean;
  expiresAt: Date;
  now: Date;
}

/** The member's new link replaces the one they had for this plan, in the caller's transaction. */
export async function replaceShare(tx: Executor, share: NewShare): Promise<void> {
  await tx.execute(
    sql`UPDATE date_shares SET revoked_at = ${share.now}
         WHERE plan_id = ${share.planId} AND user_id = ${share.userId} AND revoked_at IS NULL`,
  );
  await tx.execute(
    sql`INSERT INTO date_shares (plan_id, user_id, contact_phone, token_hash,
                                 escalate_on_silence, expires_at, created_at)
        VALUES (${share.planId}, ${share.userId}, ${share.contactPhone}, ${share.tokenHash},
                ${share.escalateOnSilence}, ${share.expiresAt}, ${share.now})`,
  );
}

export async function revokeShare(
  db: Executor,
  planId: number,
  userId: number,
  now: Date,
): Promise<boolean> {
  const revoked = await rows(
    db,
    sql`UPDATE date_shares SET revoked_at = ${now}
         WHERE plan_id = ${planId} AND user_id = ${userId} AND revoked_at IS NULL
     RETURNING id`,
  );
  return revoked.length > 0;
}

export interface SharedDateRow {
  partner_id: number;
  partner_username: string | null;
  partner_birth_date: string | null;
  starts_at: Date | string;
  time_zone: string;
  place: string;
  expires_at: Date | string;
  check_in: 'asked' | 'safe' | 'help' | 'escalated' | null;
}

export async function liveShare(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<SharedDateRow | undefined> {
  const [row] = await rows<SharedDateRow>(
    db,
    sql`SELECT o.id AS partner_id, o.username AS partner_username,
               o.birth_date::text AS partner_birth_date,
               p.starts_at, p.time_zone, p.place, s.expires_at, ci.state AS check_in
          FROM date_shares s
          JOIN date_plans p ON p.id = s.plan_id
          JOIN users o ON o.id = CASE WHEN p.proposer_id = s.user_id THEN p.responder_id
                                      ELSE p.proposer_id END
          LEFT JOIN date_check_ins ci ON ci.plan_id = p.id AND ci.user_id = s.user_id
         WHERE s.token_hash = ${tokenHash} AND s.revoked_at IS NULL AND s.expires_at > ${now}
           AND p.state = 'accepted' AND o.deleted_at IS NULL
           AND ${neitherBlocked(sql`s.user_id`, sql`o.id`)}`,
  );
  return row;
}

/** The member's live link for a plan: where the check-in's alarm goes. */
export async function contactOf(
  db: Executor,
  planId: number,
  userId: number,
): Promise<{ contact_phone: string; escalate_on_silence: boolean } | undefined> {
  const [row] = await rows<{ contact_phone: string; escalate_on_silence: boolean }>(
    db,
    sql`SELECT contact_phone, escalate_on_silence FROM date_shares
         WHERE plan_id = ${planId} AND user_id = ${userId} AND revoked_at IS NULL`,
  );
  return row;
}

export async function isOptedOut(db: Executor, phoneHash: string): Promise<boolean> {
  const found = await rows(db, sql`SELECT 1 FROM sms_opt_outs WHERE phone_hash = ${phoneHash}`);
  return found.length > 0;
}

export async function setOptOut(db: Executor, phoneHash: string, stopped: boolean): Promise<void> {
  await db.execute(
    stopped
      ? sql`INSERT INTO sms_opt_outs (phone_hash) VALUES (${phoneHash}) ON CONFLICT DO NOTHING`
      : sql`DELETE FROM sms_opt_outs WHERE phone_hash = ${phoneHash}`,
  );
}

export async function memberPhoneAndName(db: Executor, id: number) {
  const [row] = await rows<{ phone_number: string; username: string | null }>(
    db,
    sql`SELECT phone_number, username FROM users WHERE id = ${id}`,
  );
  return row!;
}
