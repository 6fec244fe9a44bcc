// /{username}: the Bid Board opened on one member's auction (members only; visitors are
// turned into referrals by UsernameGate).
import { useParams } from 'react-router';
import { GavelIcon } from '@/components/ui/icons';
import { Screen } from '@/components/ui/screen';
import { ScreenPlaceholder } from '@/components/ui/screen-placeholder';

export function UserBoardRoute() {
  const { username = '' } = useParams();
  return (
    <Screen>
      <ScreenPlaceholder
        icon={<GavelIcon size={30} />}
        title="Bid Board"
        description={`Live auctions will appear here, starting with ${username}'s.`}
      />
    </Screen>
  );
}
