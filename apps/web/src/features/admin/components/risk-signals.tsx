// What the models and members said about a member (issue 23), shown on every review and
// report: the face match (and how far the head turned), a likely duplicate, held photos,
// scam-guard messages and open reports. Each signal is a short labelled line; a clean member shows 'No signals'.
import { SCAM_SIGNAL_LABELS, type RiskSignals as Signals } from '@bidboard/shared';
import { Link } from 'react-router';
import './media-card.css';

const percent = (score: number) => `${Math.round(score * 100)}%`;
const degrees = (turn: number | null) => `turned ${Math.round((turn ?? 0) * 10) / 10}°`;

export function RiskSignals({ signals, risk }: { signals: Signals; risk: number }) {
  const lines: { key: string; text: React.ReactNode; level: 'high' | 'medium' | 'low' }[] = [];
  if (signals.duplicate) {
    const who = signals.duplicate.username ?? `member ${signals.duplicate.user_id ?? '?'}`;
    lines.push({
      key: 'duplicate',
      level: 'high',
      text: (
        <>
          Likely duplicate of{' '}
          {signals.duplicate.user_id ? (
            <Link to={`/admin/members/${signals.duplicate.user_id}`}>{who}</Link>
          ) : (
            who
          )}{' '}
          ({percent(signals.duplicate.score)} alike)
        </>
      ),
    });
  }
  if (signals.face_match === 'mismatch') {
    lines.push({
      key: 'mismatch',
      level: 'high',
      text: `Face does not match the main photo (${percent(signals.face_match_score ?? 0)} alike)`,
    });
  }
  if (signals.face_match === 'no_face') {
    lines.push({ key: 'noface', level: 'high', text: 'No face in the verification video' });
  }
  if (signals.face_match === 'no_turn') {
    lines.push({
      key: 'noturn',
      level: 'high',
      text: `The head does not turn in the verification video (${degrees(signals.face_turn_degrees)}): it may be a photo`,
    });
  }
  if (signals.face_match === 'no_consent') {
    lines.push({
      key: 'noconsent',
      level: 'medium',
      text: 'No biometric consent: nothing was measured, compare the video with the photos by eye',
    });
  }
  if (signals.face_match === 'match') {
    lines.push({
      key: 'match',
      level: 'low',
      text: `Face matches the main photo (${percent(signals.face_match_score ?? 0)} alike, ${degrees(signals.face_turn_degrees)})`,
    });
  }
  if (signals.held_photos > 0) {
    lines.push({
      key: 'nudity',
      level: 'high',
      text: `${signals.held_photos} photo${signals.held_photos === 1 ? '' : 's'} held for nudity (score ${percent(signals.nudity_score ?? 0)})`,
    });
  }
  if (signals.scam_hits > 0) {
    lines.push({
      key: 'scam',
      level: 'medium',
      text: `${signals.scam_hits} scam-guard message${signals.scam_hits === 1 ? '' : 's'} in 30 days: ${signals.scam_signals.map((s) => SCAM_SIGNAL_LABELS[s].toLowerCase()).join(', ')}`,
    });
  }
  if (signals.open_reports > 0) {
    lines.push({
      key: 'reports',
      level: 'medium',
      text: `${signals.open_reports} open report${signals.open_reports === 1 ? '' : 's'}`,
    });
  }
  return (
    <div className="admin-signals">
      <p className="admin-signals__risk">
        Risk <strong>{risk}</strong>
      </p>
      {lines.length ? (
        <ul className="admin-signals__list">
          {lines.map((line) => (
            <li key={line.key} className={`admin-signal admin-signal--${line.level}`}>
              {line.text}
            </li>
          ))}
        </ul>
      ) : (
        <p className="admin-signals__none">No signals</p>
      )}
    </div>
  );
}
