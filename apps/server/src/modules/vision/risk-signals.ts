// The signals a moderator weighs about a member (issue 23: the review and reports queues
// sort by risk and show every signal): the verification face match and a likely duplicate,
// the nudity score of photos waiting for review, scam-guard messages and open reports.
// riskScore turns them into one order; the weights say what is worst first.
import type { RiskSignals, ScamSignal } from '@bidboard/shared';
import type { Executor } from '../../db/client';
import { signalRows } from './risk-signals.repository';

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
  const found = await signalRows(db, ids);
  for (const row of found) {
    result.set(Number(row.user_id), {
      face_match: row.face_match ?? null,
      face_match_score: row.face_match_score === null ? null : Number(row.face_match_score),
      face_turn_degrees: row.face_turn_degrees === null ? null : Number(row.face_turn_degrees),
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
  // A head that never turns: likely a photo held up to the camera (issue 41).
  if (signals.face_match === 'no_turn') score += 35;
  score += Math.min(60, 30 * signals.held_photos) + 30 * (signals.nudity_score ?? 0);
  score += Math.min(45, 15 * signals.open_reports);
  score += Math.min(40, 10 * signals.scam_hits);
  return Math.round(score * 10) / 10;
}
