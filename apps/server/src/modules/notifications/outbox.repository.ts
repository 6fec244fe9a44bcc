// SQL of the notification outbox. Rows are written in the transaction that causes them
// (the alerts trigger of migration 0012, the chat's send); a worker on any server claims
// due rows with FOR UPDATE SKIP LOCKED, so two workers never hold the same row, and
// finishes each with an update guarded by the claim. Times are the database's clock.
import type { Language } from '@bidboard/shared/i18n/languages';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { alertAboutBlocked, outbidderBlocked } from '../blocks/blocks.repository';
import { alertAboutHeld } from '../users/fraud-hold.repository';

export interface OutboxRow {
  id: string | number;
  user_id: number;
  channel: 'push' | 'sms';
  alert_id: number | null;
  message_id: string | number | null;
  attempts: number;
}

/** A push claimed this long ago and never finished (its server died) is tried again. */
export const OUTBOX_LEASE_SECONDS = 60;

/**
 * Claims up to `limit` due rows. A push whose claim expired is due again (a repeat
 * carries the same tag, so the device replaces rather than repeats it); a text is
 * never claimed twice: one left unfinished is closed as failed instead.
 */
export async function claimDue(db: Executor, limit: number): Promise<OutboxRow[]> {
  await db.execute(
    sql`UPDATE notification_outbox SET status = 'failed', last_error = 'interrupted while sending'
         WHERE status = 'sending' AND channel = 'sms'
           AND claimed_at < now() - make_interval(secs => ${OUTBOX_LEASE_SECONDS})`,
  );
  return rows<OutboxRow>(
    db,
    sql`UPDATE notification_outbox o
           SET status = 'sending', claimed_at = now(), attempts = o.attempts + 1
         WHERE o.id IN (
           SELECT id FROM notification_outbox
            WHERE (status = 'pending' AND next_attempt_at <= now())
               OR (status = 'sending' AND channel = 'push'
                   AND claimed_at < now() - make_interval(secs => ${OUTBOX_LEASE_SECONDS}))
            ORDER BY next_attempt_at, id
            LIMIT ${limit}
            FOR UPDATE SKIP LOCKED)
     RETURNING o.id, o.user_id, o.channel, o.alert_id, o.message_id, o.attempts`,
  );
}

export type Outcome =
  | { status: 'sent' | 'skipped' }
  | { status: 'retry'; error: string; delaySeconds: number }
  | { status: 'failed'; error: string };

/** Finishes a claimed row; false when the claim was lost (another worker re-claimed it). */
export async function finish(db: Executor, row: OutboxRow, outcome: Outcome): Promise<boolean> {
  const guard = sql`id = ${row.id} AND status = 'sending' AND attempts = ${row.attempts}`;
  const change =
    outcome.status === 'retry'
      ? sql`status = 'pending', last_error = ${outcome.error},
            next_attempt_at = now() + make_interval(secs => ${outcome.delaySeconds})`
      : outcome.status === 'failed'
        ? sql`status = 'failed', last_error = ${outcome.error}`
        : outcome.status === 'sent'
          ? sql`status = 'sent', sent_at = now()`
          : sql`status = 'skipped'`;
  const updated = await rows(
    db,
    sql`UPDATE notification_outbox SET ${change} WHERE ${guard} RETURNING id`,
  );
  return updated.length > 0;
}

export interface Recipient {
  phone_number: string;
  bid_notification: boolean;
  sms_notification: boolean;
  twilio_stop: boolean;
  language: Language;
}

export async function recipient(db: Executor, userId: number): Promise<Recipient | undefined> {
  const [row] = await rows<Recipient>(
    db,
    sql`SELECT phone_number, bid_notification, sms_notification, twilio_stop, language
          FROM users WHERE id = ${userId}`,
  );
  return row;
}

export interface AlertContent {
  kind: string;
  message: string;
  payload: Record<string, unknown> | string;
  /** The other member it is about is under a fraud hold (issue 42): not sent. */
  actor_held: boolean;
  /**
   * A block came between the reader and a member it names after it was written (product
   * rules, Blocks cover everything): not sent.
   */
  names_blocked: boolean;
}

export async function alertContent(db: Executor, id: number): Promise<AlertContent | undefined> {
  const [row] = await rows<AlertContent>(
    db,
    sql`SELECT kind, message, payload,
               ${alertAboutHeld(sql`user_id`, sql`payload`)} AS actor_held,
               ${alertAboutBlocked} OR ${outbidderBlocked} AS names_blocked
          FROM alerts WHERE id = ${id}`,
  );
  return row;
}

export interface MessageContent {
  cid: string;
  sender_id: number;
  sender_username: string | null;
  text: string;
  type: string;
  /** The recipient has read it already. */
  read: boolean;
  /** The sender is under a fraud hold (issue 42): not sent. */
  sender_held: boolean;
}

export async function messageContent(
  db: Executor,
  id: number | string,
  recipientId: number,
): Promise<MessageContent | undefined> {
  const [row] = await rows<MessageContent>(
    db,
    sql`SELECT m.cid, m.sender_id, u.username AS sender_username, m.text, m.type,
               (CASE WHEN c.user_a = ${recipientId} THEN c.last_read_a ELSE c.last_read_b END) >= m.id AS read,
               ${alertAboutHeld(sql`${recipientId}::int`, sql`NULL::jsonb`, sql`m.sender_id`)} AS sender_held
          FROM messages m
          JOIN conversations c ON c.cid = m.cid
          JOIN users u ON u.id = m.sender_id
         WHERE m.id = ${id}`,
  );
  return row;
}
