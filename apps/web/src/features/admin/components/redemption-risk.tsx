// A redemption's risk review as the payouts queue shows it (product rules, The token
// economy): the score against the threshold, whether it waits for an admin, and every
// signal in plain words. Admins only; members never see any of it.
import {
  type AdminRedemptionRisk,
  describeRedemptionRisk,
  REDEMPTION_RISK_WEIGHTS,
} from '@bidboard/shared';
import clsx from 'clsx';
import { formatWhen } from '../lib/format';
// The signal list looks as it does on the media and report cards (risk-signals.tsx).
import './media-card.css';

/** A signal that alone passes the default threshold reads as high, the rest as medium. */
const level = (weight: number) => (weight >= 30 ? 'high' : 'medium');

export function RedemptionRisk({ risk }: { risk: AdminRedemptionRisk | null }) {
  if (!risk) return <p className="admin-signals__none">Requested before risk reviews.</p>;
  const lines = describeRedemptionRisk(risk.signals);
  const state = risk.awaiting_review
    ? { badge: 'rejected', text: 'Held for review' }
    : risk.held
      ? { badge: 'approved', text: 'Approved' }
      : { badge: 'approved', text: 'Not held' };
  return (
    <div className="admin-signals">
      <p className="admin-signals__risk">
        <span className={clsx('admin-badge', `admin-badge--${state.badge}`)}>{state.text}</span>{' '}
        Risk <strong>{risk.score}</strong> (holds at {risk.threshold})
        {risk.approved_at ? ` · approved ${formatWhen(risk.approved_at)}` : ''}
      </p>
      {lines.length ? (
        <ul className="admin-signals__list">
          {lines.map((line) => (
            <li
              key={line.signal}
              className={`admin-signal admin-signal--${level(REDEMPTION_RISK_WEIGHTS[line.signal])}`}
            >
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
