// The prelaunch landing for visitors (marketplace §2 'Prelaunch pages'): with a saved
// referral it invites them to claim a username; without one, entry is by invitation.
import { ButtonLink } from '@/components/ui/button';
import { CoinIcon, GiftIcon, LockIcon, UserIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { authStorage } from '@/lib/auth-storage';
import { useReferralText } from '../i18n';
import './referral.css';

export function InviteLanding() {
  const t = useReferralText();
  const referral = authStorage.getReferral();
  const features = [
    { icon: UserIcon, text: t('landing.username') },
    { icon: CoinIcon, text: t('landing.tokens') },
    { icon: GiftIcon, text: t('landing.invite') },
  ];
  return (
    <section className="ref ref--landing" aria-labelledby="landing-title">
      <div className="ref__hero">
        <Logo />
      </div>
      {referral ? (
        <>
          <h1 className="ref__title" id="landing-title">
            {t('landing.title')}
          </h1>
          <p className="ref__bonus">{t('landing.saved', { username: referral })}</p>
          <ul className="ref__features">
            {features.map(({ icon: Icon, text }) => (
              <li key={text}>
                <span className="ref__feature-icon" aria-hidden="true">
                  <Icon size={20} />
                </span>
                {text}
              </li>
            ))}
          </ul>
          <ButtonLink block to={`/auth?ref=${encodeURIComponent(referral)}`}>
            {t('landing.claim')}
          </ButtonLink>
        </>
      ) : (
        <>
          <span className="ref__icon" aria-hidden="true">
            <LockIcon size={30} />
          </span>
          <h1 className="ref__title" id="landing-title">
            {t('landing.lockedTitle')}
          </h1>
          <p className="ref__bonus">{t('landing.lockedText')}</p>
          <ButtonLink block to="/auth">
            {t('landing.signIn')}
          </ButtonLink>
        </>
      )}
    </section>
  );
}
