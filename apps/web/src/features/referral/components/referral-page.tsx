// /referral (marketplace §2 'Referral page' and 'Prelaunch pages'): the member's invites,
// their personal link and a share message to copy. Before launch the page counts down to
// the launch instant instead of offering the way in.
import { PRODUCT_NAME, REFERRAL_BONUS, type User } from '@bidboard/shared';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { CheckIcon, GiftIcon } from '@/components/ui/icons';
import { authStorage } from '@/lib/auth-storage';
import { reloadPage } from '@/lib/hard-navigate';
import { isPrelaunchNow, LAUNCH_AT } from '@/lib/launch';
import { useReferralText } from '../i18n';
import { personalLink, prelaunchShareMessage, shareMessage } from '../lib/share';
import { CopyButton } from './copy-button';
import { LaunchCountdown } from './launch-countdown';
import './referral.css';

interface ReferralPageProps {
  user: User;
  launchAt?: string;
  /** What happens when the countdown reaches zero; the page reloads into the full app. */
  onLaunch?: () => void;
}

export function ReferralPage({
  user,
  launchAt = LAUNCH_AT,
  onLaunch = reloadPage,
}: ReferralPageProps) {
  const t = useReferralText();
  const navigate = useNavigate();
  const location = useLocation();
  const fromOnboarding = (location.state as { fromOnboarding?: boolean } | null)?.fromOnboarding;
  const prelaunch = isPrelaunchNow(new Date(), launchAt);
  const link = personalLink(window.location.origin, user.username ?? '');
  const message = prelaunch ? prelaunchShareMessage(t, link) : shareMessage(t, link);

  const handleEnter = () => {
    const referrer = authStorage.getReferral();
    authStorage.clearReferral();
    navigate(referrer ? `/${encodeURIComponent(referrer)}` : '/');
  };

  return (
    <section className="ref" aria-labelledby="ref-title">
      <div className="ref__hero">
        {fromOnboarding ? (
          <span className="ref__badge">
            <CheckIcon size={16} /> {t('page.complete')}
          </span>
        ) : null}
        <span className="ref__icon" aria-hidden="true">
          <GiftIcon size={30} />
        </span>
        {prelaunch ? (
          <h1 className="ref__title" id="ref-title">
            {t('page.prelaunchTitle')}
          </h1>
        ) : (
          <h1 className="ref__title" id="ref-title">
            {t('page.title')} <span className="ref__accent">{t('page.titleAccent')}</span>
          </h1>
        )}
        <p className="ref__invites">
          {t('page.invites', { count: user.invites_left })}
          {prelaunch ? ` ${t('page.giftWisely')}` : null}
        </p>
        <p className="ref__bonus">{t('page.bonus', { count: REFERRAL_BONUS })}</p>
      </div>

      {prelaunch ? <LaunchCountdown launchAt={launchAt} onLaunch={onLaunch} /> : null}

      <div className="ref__copies">
        <CopyButton
          label={t('page.link')}
          text={link}
          preview={link.replace(/^https?:\/\//, '')}
          singleLine
        />
        <CopyButton label={t('page.message')} text={message} />
      </div>

      {prelaunch ? null : (
        <Button block onClick={handleEnter}>
          {t('page.enter', { product: PRODUCT_NAME })}
        </Button>
      )}

      <p className="ref__legal">
        <Link to="/terms">{t('page.terms')}</Link>
        <span aria-hidden="true">·</span>
        <Link to="/policy">{t('page.privacy')}</Link>
      </p>
    </section>
  );
}
