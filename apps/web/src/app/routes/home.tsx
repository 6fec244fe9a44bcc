// /: the Bid Board after launch; before launch the prelaunch referral page for members
// and the invite landing for visitors (marketplace §2 Routes).
import { Screen } from '@/components/ui/screen';
import { useAuth } from '@/features/auth';
import { BidBoard } from '@/features/bid-board';
import { InviteLanding, ReferralPage } from '@/features/referral';
import { isPrelaunchNow, useLaunchAt } from '@/lib/launch';

export function HomeRoute() {
  const { state } = useAuth();
  const launchAt = useLaunchAt();
  if (isPrelaunchNow(new Date(), launchAt)) {
    return (
      <Screen>
        {state.status === 'authenticated' ? (
          <ReferralPage user={state.user} launchAt={launchAt} />
        ) : (
          <InviteLanding />
        )}
      </Screen>
    );
  }
  return (
    <Screen>
      <BidBoard />
    </Screen>
  );
}
