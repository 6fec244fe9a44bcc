// /referral: invite friends (marketplace §2). The router keeps visitors and members who
// are still onboarding out.
import { Screen } from '@/components/ui/screen';
import { useCurrentUser } from '@/features/auth';
import { ReferralPage } from '@/features/referral';
import { useLaunchAt } from '@/lib/launch';

export function ReferralRoute() {
  const user = useCurrentUser();
  const launchAt = useLaunchAt();
  return <Screen>{user ? <ReferralPage user={user} launchAt={launchAt} /> : null}</Screen>;
}
