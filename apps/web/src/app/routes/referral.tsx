// /referral: invite friends (marketplace §2). The router keeps visitors and members who
// are still onboarding out.
import { Screen } from '@/components/ui/screen';
import { useCurrentUser } from '@/features/auth';
import { ReferralPage } from '@/features/referral';

export function ReferralRoute() {
  const user = useCurrentUser();
  return <Screen>{user ? <ReferralPage user={user} /> : null}</Screen>;
}
