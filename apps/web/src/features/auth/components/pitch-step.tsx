// Step 1 of sign-in: the landing pitch (accounts §1).
import { PITCH_HEADLINE, PITCH_POINTS } from '@bidboard/shared';
import { Button } from '@/components/ui/button';
import { CashIcon, ChatIcon, ClockIcon, CoinIcon, GiftIcon } from '@/components/ui/icons';

const POINT_ICONS = [ChatIcon, CoinIcon, CashIcon, ClockIcon, GiftIcon];

export function PitchStep({ onStart }: { onStart: () => void }) {
  return (
    <div className="auth-step auth-step--pitch">
      <h1 className="auth-headline">{PITCH_HEADLINE}</h1>
      <ul className="pitch-list">
        {PITCH_POINTS.map((point, index) => {
          const PointIcon = POINT_ICONS[index] ?? GiftIcon;
          return (
            <li key={point} className="pitch-list__item">
              <span className="pitch-list__icon" aria-hidden="true">
                <PointIcon size={20} />
              </span>
              <span>{point}</span>
            </li>
          );
        })}
      </ul>
      <div className="auth-actions">
        <Button block onClick={onStart}>
          Join / Sign In
        </Button>
        <p className="auth-fineprint">Members must be 18 or older.</p>
      </div>
    </div>
  );
}
