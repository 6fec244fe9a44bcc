// SQL of the scam guard's repeat report (issue 23): the sender's flagged messages since the
// window opened or their last scam-guard report, and the report the third one opens.
import { sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';

const iso = (d: Date) => d.toISOString();

/** Serialises one sender's scam-guard count until the transaction ends. */
export async function lockScamGuardOf(tx: Tx, senderId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('scam-guard'), ${senderId})`);
}

/** Flagged messages by `senderId` since the window opened or their last scam-guard report. */
export async function recentScamMessages(
  db: Executor,
  senderId: number,
  windowDays: number,
  now: Date,
): Promise<{ count: number; signals: string[] }> {
  const [row] = await rows<{ count: number; signals: string[] | string | null }>(
    db,
    sql`SELECT COUNT(DISTINCT m.id)::int AS count, array_agg(DISTINCT f) AS signals
          FROM messages m, unnest(m.scam_flags) f
         WHERE m.sender_id = ${senderId} AND m.scam_flags <> '{}'
           AND m.created_at > GREATEST(
                 ${iso(now)}::timestamptz - make_interval(days => ${windowDays}),
                 COALESCE((SELECT MAX(r.created_at) FROM reports r
                            WHERE r.reported_id = ${senderId} AND r.source = 'scam_guard'),
                          '-infinity'::timestamptz))`,
  );
  const signals = row?.signals;
  return {
    count: Number(row?.count ?? 0),
    signals: !signals
      ? []
      : Array.isArray(signals)
        ? signals
        : signals
            .replace(/^\{|\}$/g, '')
            .split(',')
            .filter(Boolean),
  };
}

/**
 * Opens a scam-guard report on `senderId`; false when one is already open (the unique
 * index on open scam-guard reports).
 */
export async function openScamGuardReport(
  tx: Tx,
  senderId: number,
  text: string,
  now: Date,
): Promise<boolean> {
  const opened = await rows(
    tx,
    sql`INSERT INTO reports (reporter_id, reported_id, reason, text, source, created_at)
        VALUES (NULL, ${senderId}, 'scam_or_spam', ${text}, 'scam_guard',
                ${iso(now)}::timestamptz)
        ON CONFLICT (reported_id) WHERE source = 'scam_guard' AND status = 'open' DO NOTHING
        RETURNING id`,
  );
  return opened.length > 0;
}
