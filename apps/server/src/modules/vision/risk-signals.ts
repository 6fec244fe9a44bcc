// The signals a moderator weighs about a member (issue 23: the review and reports queues
// sort by risk and show every signal): the verification face match and a likely duplicate,
// the nudity score of photos waiting for review, scam-guard messages and open reports.
// riskScore turns them into one order; the weights say what is worst first.
import type { RiskSignals, ScamSignal } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

/** Scam-guard messages count for this long in the queues. */
const SCAM_LOOKBACK_DAYS = 30;

interface SignalRow {
  user_id: number;
  face_match: RiskSignals['face_match'];
  face_match_score: number | null;
  duplicate_user_id: number | null;
  duplicate_username: string | null;
  duplicate_score: number | null;
  nudity_score: number | null;
  held_photos: number;
  scam_hits: number;
  scam_signals: string[] | string | null;
  open_reports: number;
}

/** A text[] as PGlite may hand it back ('{a,b}'). */
function textArray(value: string[] | string | null): string[] {
  if (!value) return [];
  if (Array.isArray(value)) return value;
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);
}

export async function riskSignalsFor(
  db: Executor,
  userIds: readonly number[],
): Promise<Map<number, RiskSignals>> {
  const ids = [...new Set(userIds)];
  const result = new Map<number, RiskSignals>();
  if (ids.length === 0) return result;
  const found = await rows<SignalRow>(
    db,
    sql`SELECT m.id AS user_id,
               v.face_match, v.face_match_score, v.duplicate_user_id,
               d.username AS duplicate_username, v.duplicate_score,
               (SELECT MAX(p.nudity_score) FROM profile_images p
                 WHERE p.user_id = m.id AND p.is_active AND p.screen_status = 'held') AS nudity_score,
               (SELECT COUNT(*)::int FROM profile_images p
                 WHERE p.user_id = m.id AND p.is_active AND p.screen_status = 'held') AS held_photos,
               (SELECT COUNT(*)::int FROM messages s
                 WHERE s.sender_id = m.id AND s.scam_flags <> '{}'
                   AND s.created_at > now() - make_interval(days => ${SCAM_LOOKBACK_DAYS})) AS scam_hits,
               (SELECT array_agg(DISTINCT f) FROM messages s, unnest(s.scam_flags) f
                 WHERE s.sender_id = m.id AND s.scam_flags <> '{}'
                   AND s.created_at > now() - make_interval(days => ${SCAM_LOOKBACK_DAYS})) AS scam_signals,
               (SELECT COUNT(*)::int FROM reports r
                 WHERE r.reported_id = m.id AND r.status = 'open') AS open_reports
          FROM unnest(${`{${ids.join(',')}}`}::int[]) AS m(id)
          LEFT JOIN LATERAL (
            SELECT * FROM verification_videos vv WHERE vv.user_id = m.id
             ORDER BY vv.created_at DESC, vv.id DESC LIMIT 1) v ON true
          LEFT JOIN users d ON d.id = v.duplicate_user_id`,
  );
  for (const row of found) {
    result.set(Number(row.user_id), {
      face_match: row.face_match ?? null,
      face_match_score: row.face_match_score === null ? null : Number(row.face_match_score),
      duplicate:
        row.duplicate_score === null
          ? null
          : {
              user_id: row.duplicate_user_id,
              username: row.duplicate_username,
              score: Number(row.duplicate_score),
            },
      nudity_score: row.nudity_score === null ? null : Number(row.nudity_score),
      held_photos: Number(row.held_photos),
      scam_hits: Number(row.scam_hits),
      scam_signals: textArray(row.scam_signals).sort() as ScamSignal[],
      open_reports: Number(row.open_reports),
    });
  }
  return result;
}

/**
 * Higher is riskier. A likely duplicate account and a face that does not match its photos
 * come first, then nudity, then reports and scam-guard messages; age breaks ties.
 */
export function riskScore(signals: RiskSignals): number {
  let score = 0;
  if (signals.duplicate) score += 50 * signals.duplicate.score;
  if (signals.face_match === 'mismatch') score += 40 + 20 * (1 - (signals.face_match_score ?? 0));
  if (signals.face_match === 'no_face') score += 35;
  score += Math.min(60, 30 * signals.held_photos) + 30 * (signals.nudity_score ?? 0);
  score += Math.min(45, 15 * signals.open_reports);
  score += Math.min(40, 10 * signals.scam_hits);
  return Math.round(score * 10) / 10;
}
