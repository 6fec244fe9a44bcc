// /{username}: the Bid Board with that member's auction pinned first (members only;
// visitors are turned into referrals by UsernameGate).
import { useParams } from 'react-router';
import { Screen } from '@/components/ui/screen';
import { BidBoard } from '@/features/bid-board';

export function UserBoardRoute() {
  const { username = '' } = useParams();
  return (
    <Screen>
      <BidBoard key={username} pinUsername={username} />
    </Screen>
  );
}
