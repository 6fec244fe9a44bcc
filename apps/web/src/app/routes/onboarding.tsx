// /onboarding: the profile set-up wizard (accounts §2, Reading A). RequireAuth keeps
// visitors out; a member who has finished it is sent on to /referral by the wizard.
import { useCurrentUser } from '@/features/auth';
import { OnboardingWizard } from '@/features/onboarding';

export function OnboardingRoute() {
  const user = useCurrentUser();
  return user ? <OnboardingWizard user={user} /> : null;
}
