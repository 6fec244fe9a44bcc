// /: the Bid Board (marketplace §2 Home Bid Board).
import { Screen } from '@/components/ui/screen';
import { BidBoard } from '@/features/bid-board';

export function HomeRoute() {
  return (
    <Screen>
      <BidBoard />
    </Screen>
  );
}
