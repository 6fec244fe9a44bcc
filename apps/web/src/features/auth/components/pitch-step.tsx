// Step 1 of sign-in: the landing pitch (accounts §1), and the language picker a visitor
// reaches before any account exists.
import { Button } from '@/components/ui/button';
import { CashIcon, ChatIcon, ClockIcon, CoinIcon, GiftIcon } from '@/components/ui/icons';
import { useRedemptionMultiplier } from '@/lib/redemption';
import { useAuthText } from '../i18n';
import { LanguagePicker } from './language-picker';

const POINT_ICONS = [ChatIcon, CoinIcon, CashIcon, ClockIcon, GiftIcon];

export function PitchStep({ onStart }: { onStart: () => void }) {
  const t = useAuthText();
  const multiplier = useRedemptionMultiplier();
  // The redemption line names the multiplier in effect (product rules: Copy), so it waits
  // for the setting (null).
  const redemption =
    multiplier === null
      ? null
      : multiplier > 1
        ? t('pitch.redeemMultiplier', { multiplier })
        : t('pitch.redeem');
  const points = [
    t('pitch.chatUnlocks'),
    t('pitch.earn'),
    redemption,
    t('pitch.closes'),
    t('pitch.dailyClaim'),
  ];
  return (
    <div className="auth-step auth-step--pitch">
      <h1 className="auth-headline">{t('pitch.headline')}</h1>
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
          {t('pitch.start')}
        </Button>
        <p className="auth-fineprint">{t('pitch.adults')}</p>
        <LanguagePicker />
      </div>
    </div>
  );
}
