// /referral: invite friends.
import { GiftIcon } from '@/components/ui/icons';
import { Screen } from '@/components/ui/screen';
import { ScreenPlaceholder } from '@/components/ui/screen-placeholder';

export function ReferralRoute() {
  return (
    <Screen>
      <ScreenPlaceholder
        icon={<GiftIcon size={30} />}
        title="Refer Friends"
        description="Your personal invite link and remaining invites will appear here."
      />
    </Screen>
  );
}
