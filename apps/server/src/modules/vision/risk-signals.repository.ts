// SQL of the moderators' risk signals: one row per member with every signal at once.
import type { RiskSignals } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

/** Scam-guard messages count for this long in the queues. */
const SCAM_LOOKBACK_DAYS = 30;

interface SignalRow {
  user_id: number;
  face_match: RiskSignals['face_match'];
  face_match_score: number | null;
  face_turn_degrees: number | null;
  duplicate_user_id: number | null;
  duplicate_username: string | null;
  duplicate_score: number | null;
  nudity_score: number | null;
  held_photos: number;
  scam_hits: number;
  scam_signals: string[] | string | null;
  open_reports: number;
}

export function signalRows(db: Executor, ids: readonly number[]): Promise<SignalRow[]> {
  return rows<SignalRow>(
    db,
    sql`SELECT m.id AS user_id,
               v.face_match, v.face_match_score, v.face_turn_degrees, v.duplicate_user_id,
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
}
