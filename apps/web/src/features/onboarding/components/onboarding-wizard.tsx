// The onboarding wizard (accounts §2 and §4, Reading A): one question per screen, resumed
// from the stored `onboarded` counter. Continue saves the step and asks the server to
// advance; the server answers with the member, whose counter says which step is next.
import {
  currentStep,
  ONBOARDING_COMPLETE,
  onboardedAfter,
  onboardingProgress,
  STEP,
  skippedSteps,
  type UpdateProfileBody,
  type User,
  type WizardMode,
} from '@bidboard/shared';
import { Suspense, useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { IconButton } from '@/components/ui/button';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { ProgressBar } from '@/components/ui/progress-bar';
import { useAuth } from '@/features/auth';
import { SignUpNoticeGate } from '@/features/safety-notices';
import { isPrelaunchNow, useLaunchAt } from '@/lib/launch';
import { lazyComponent } from '@/lib/lazy';
import { updateProfile } from '../api/update-profile';
import { useOnboardingText } from '../i18n';
import { MediaStep } from './media-step';
import { OnboardingFinish } from './onboarding-finish';
import { StepContent } from './step-content';
import { preloadFaceModel } from './steps/media-steps';
import './onboarding.css';

// Issue 44: the optional prompts screen after the bio, with its recorder, loads on demand.
const PromptsOnboardingScreen = lazyComponent(() =>
  import('@/features/prompts').then((m) => m.PromptsOnboardingScreen),
);

function wizardMode(user: User, launchAt: string, now = new Date()): WizardMode {
  return { openToDating: user.open_to_dating, prelaunch: isPrelaunchNow(now, launchAt) };
}

function previousVisibleStep(step: number, mode: WizardMode): number | null {
  const skipped = skippedSteps(mode);
  for (let i = step - 1; i >= 0; i--) if (!skipped.has(i)) return i;
  return null;
}

export function OnboardingWizard({ user }: { user: User }) {
  const t = useOnboardingText();
  const { updateUser } = useAuth();
  const launchAt = useLaunchAt();
  const mode = wizardMode(user, launchAt);
  const frontier = currentStep(user.onboarded, mode);
  // Set while the member has gone Back to a step they already saved.
  const [revisiting, setRevisiting] = useState<number | null>(null);
  const [finished, setFinished] = useState(false);
  const [offerPrompts, setOfferPrompts] = useState(false);
  const step = revisiting !== null && revisiting < frontier ? revisiting : frontier;

  useEffect(() => {
    if (step === STEP.favorite_thing_1) preloadFaceModel();
  }, [step]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new step starts at the top
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [step]);

  if (finished) return <OnboardingFinish />;
  if (frontier >= ONBOARDING_COMPLETE) {
    return <Navigate to="/referral" replace state={{ fromOnboarding: true }} />;
  }

  const save = async (fields: UpdateProfileBody) => {
    const body = step === frontier ? { ...fields, onboarded: step + 1 } : fields;
    const saved = await updateProfile(body);
    const nextMode = wizardMode(saved, launchAt);
    const nextFrontier = currentStep(saved.onboarded, nextMode);
    const after = onboardedAfter(step, nextMode);
    if (nextFrontier >= ONBOARDING_COMPLETE) setFinished(true);
    else if (step === STEP.bio && step === frontier) setOfferPrompts(true);
    setRevisiting(after < nextFrontier ? after : null);
    updateUser(() => saved);
  };

  const back = previousVisibleStep(step, mode);
  const isMedia = step === STEP.profile_photo || step === STEP.verification_video;

  return (
    <main className="ob">
      <div className="ob__card">
        <header className="ob__top">
          {back !== null ? (
            <IconButton label={t('wizard.back')} onClick={() => setRevisiting(back)}>
              <ArrowLeftIcon />
            </IconButton>
          ) : (
            <span className="ob__spacer" />
          )}
          <Link to="/onboarding" className="ob__logo" aria-label={t('wizard.home')}>
            <Logo />
          </Link>
          <span className="ob__spacer" />
        </header>
        <ProgressBar value={onboardingProgress(step, mode)} label={t('wizard.progress')} />
        <SignUpNoticeGate user={user}>
          {offerPrompts ? (
            <Suspense fallback={null}>
              <PromptsOnboardingScreen onDone={() => setOfferPrompts(false)} />
            </Suspense>
          ) : isMedia ? (
            <MediaStep key={step} step={step} save={save} />
          ) : (
            <StepContent key={step} step={step} user={user} save={save} />
          )}
        </SignUpNoticeGate>
      </div>
    </main>
  );
}
