// /: the Bid Board after launch; before launch the prelaunch referral page for members
// and the invite landing for visitors (marketplace §2 Routes).
import { Suspense } from 'react';
import { Screen } from '@/components/ui/screen';
import { useAuth } from '@/features/auth';
import { BidBoard } from '@/features/bid-board';
import { isPrelaunchNow, useLaunchAt } from '@/lib/launch';
import { lazyComponent } from '@/lib/lazy';

// Prelaunch ended on the launch instant: its pages no longer belong on the first load.
const InviteLanding = lazyComponent(() =>
  import('@/features/referral').then((m) => m.InviteLanding),
);
const ReferralPage = lazyComponent(() => import('@/features/referral').then((m) => m.ReferralPage));

export function HomeRoute() {
  const { state } = useAuth();
  const launchAt = useLaunchAt();
  if (isPrelaunchNow(new Date(), launchAt)) {
    return (
      <Screen>
        <Suspense fallback={null}>
          {state.status === 'authenticated' ? (
            <ReferralPage user={state.user} launchAt={launchAt} />
          ) : (
            <InviteLanding />
          )}
        </Suspense>
      </Screen>
    );
  }
  return (
    <Screen>
      <BidBoard />
    </Screen>
  );
}
