// /onboarding: the profile set-up wizard. A member who has finished it goes on to /referral
// (accounts §2, Reading A).
import { ONBOARDING_COMPLETE } from '@bidboard/shared';
import { Navigate } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { UserIcon } from '@/components/ui/icons';
import { Screen } from '@/components/ui/screen';
import { ScreenPlaceholder } from '@/components/ui/screen-placeholder';
import { useCurrentUser } from '@/features/auth';

export function OnboardingRoute() {
  const user = useCurrentUser();
  if (user?.onboarded === ONBOARDING_COMPLETE) {
    return <Navigate to="/referral" replace state={{ fromOnboarding: true }} />;
  }
  return (
    <Screen>
      <ScreenPlaceholder
        icon={<UserIcon size={30} />}
        title="Set up your profile"
        description="The profile set-up steps will appear here."
      >
        <ButtonLink to="/logout" variant="secondary" size="md">
          Log Out
        </ButtonLink>
      </ScreenPlaceholder>
    </Screen>
  );
}
