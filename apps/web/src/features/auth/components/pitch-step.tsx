// Step 1 of sign-in: the landing pitch (accounts §1).
import { PITCH_HEADLINE, pitchPoints } from '@bidboard/shared';
import { Button } from '@/components/ui/button';
import { CashIcon, ChatIcon, ClockIcon, CoinIcon, GiftIcon } from '@/components/ui/icons';
import { useRedemptionMultiplier } from '@/lib/redemption';

const POINT_ICONS = [ChatIcon, CoinIcon, CashIcon, ClockIcon, GiftIcon];

export function PitchStep({ onStart }: { onStart: () => void }) {
  const points = pitchPoints(useRedemptionMultiplier());
  return (
    <div className="auth-step auth-step--pitch">
      <h1 className="auth-headline">{PITCH_HEADLINE}</h1>
      <ul className="pitch-list">
        {points.map((point, index) => {
          const PointIcon = POINT_ICONS[index] ?? GiftIcon;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions; one waits for its text
            <li key={index} className="pitch-list__item" aria-busy={point === null || undefined}>
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
