// The /auth page (accounts §2): logo, 5 percent progress, then pitch -> phone -> code.
// Signed-in members are sent on; a fresh sign-in reloads the page at its destination.
import {
  type LoginResponse,
  ONBOARDING_COMPLETE,
  SIGN_IN_PROGRESS_PERCENT,
} from '@bidboard/shared';
import { Suspense, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { IconButton } from '@/components/ui/button';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { ProgressBar } from '@/components/ui/progress-bar';
import { authStorage } from '@/lib/auth-storage';
import { hardNavigate } from '@/lib/hard-navigate';
import { preloadable } from '@/lib/lazy';
import { useAuth } from '../hooks/auth-context';
import { useReferral } from '../hooks/use-referral';
import { useAuthText } from '../i18n';
import { PhoneStep } from './phone-step';
import { PitchStep } from './pitch-step';
import './sign-in.css';

// The code step comes after a round trip (the texted code), so it is not on the first paint
// of /auth and /: it downloads while the member types their number.
const Code = preloadable(() => import('./code-step').then((m) => m.CodeStep));

type Step = { name: 'pitch' } | { name: 'phone' } | { name: 'code'; e164: string; display: string };

function homeFor(username: string | null): string {
  return username ? `/${encodeURIComponent(username)}` : '/';
}

export function SignInPage() {
  const { state } = useAuth();
  const [params] = useSearchParams();
  const ref = params.get('ref');
  const username = params.get('username');
  const getReferredBy = useReferral({ ref, username }, state.status === 'anonymous');
  const [step, setStep] = useState<Step>({ name: 'pitch' });
  const [phone, setPhone] = useState('');
  const t = useAuthText();

  if (state.status === 'loading') return null;
  if (state.status === 'authenticated') return <Navigate to={homeFor(username)} replace />;

  const handleVerified = ({ token, user }: LoginResponse) => {
    authStorage.setToken(token);
    hardNavigate(user.onboarded === ONBOARDING_COMPLETE ? homeFor(username) : '/onboarding');
  };

  const goBack = () => setStep(step.name === 'code' ? { name: 'phone' } : { name: 'pitch' });

  return (
    <main className="sign-in">
      <div
        className={step.name === 'pitch' ? 'sign-in__card sign-in__card--wide' : 'sign-in__card'}
      >
        <header className="sign-in__top">
          {step.name === 'pitch' ? (
            <span className="sign-in__spacer" />
          ) : (
            <IconButton label={t('top.back')} onClick={goBack}>
              <ArrowLeftIcon />
            </IconButton>
          )}
          <Link to="/" className="sign-in__logo" aria-label={t('top.home')}>
            <Logo />
          </Link>
          <span className="sign-in__spacer" />
        </header>
        <ProgressBar value={SIGN_IN_PROGRESS_PERCENT} label={t('top.progress')} />
        {step.name === 'pitch' ? (
          <PitchStep
            onStart={() => {
              void Code.preload();
              setStep({ name: 'phone' });
            }}
          />
        ) : null}
        {step.name === 'phone' ? (
          <PhoneStep
            initialPhone={phone}
            onCodeSent={(e164, formatted) => {
              setPhone(formatted);
              setStep({ name: 'code', e164, display: formatted });
            }}
          />
        ) : null}
        {step.name === 'code' ? (
          <Suspense fallback={null}>
            <Code.Component
              phoneNumber={step.e164}
              displayPhone={step.display}
              getReferredBy={getReferredBy}
              onVerified={handleVerified}
              onChangeNumber={() => setStep({ name: 'phone' })}
            />
          </Suspense>
        ) : null}
      </div>
    </main>
  );
}
