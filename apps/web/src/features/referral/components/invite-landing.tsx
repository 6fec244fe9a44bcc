// The prelaunch landing for visitors (marketplace §2 'Prelaunch pages'): with a saved
// referral it invites them to claim a username; without one, entry is by invitation.
import { ButtonLink } from '@/components/ui/button';
import { CoinIcon, GiftIcon, LockIcon, UserIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { authStorage } from '@/lib/auth-storage';
import './referral.css';

const FEATURES = [
  { icon: UserIcon, text: 'Claim your unique username before anyone else.' },
  { icon: CoinIcon, text: 'Earn prelaunch tokens to bid with on day one.' },
  { icon: GiftIcon, text: 'Invite friends: you both get tokens.' },
];

export function InviteLanding() {
  const referral = authStorage.getReferral();
  return (
    <section className="ref ref--landing" aria-labelledby="landing-title">
      <div className="ref__hero">
        <Logo />
      </div>
      {referral ? (
        <>
          <h1 className="ref__title" id="landing-title">
            Dating just went elite.
          </h1>
          <p className="ref__bonus">@{referral} saved you a spot.</p>
          <ul className="ref__features">
            {FEATURES.map(({ icon: Icon, text }) => (
              <li key={text}>
                <span className="ref__feature-icon" aria-hidden="true">
                  <Icon size={20} />
                </span>
                {text}
              </li>
            ))}
          </ul>
          <ButtonLink block to={`/auth?ref=${encodeURIComponent(referral)}`}>
            Claim Now
          </ButtonLink>
        </>
      ) : (
        <>
          <span className="ref__icon" aria-hidden="true">
            <LockIcon size={30} />
          </span>
          <h1 className="ref__title" id="landing-title">
            Elite Dating: Invite Required.
          </h1>
          <p className="ref__bonus">Ask a member for their invite link to join before launch.</p>
          <ButtonLink block to="/auth">
            Sign In
          </ButtonLink>
        </>
      )}
    </section>
  );
}
