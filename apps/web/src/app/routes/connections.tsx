// /connections and /connections/{userId}: connections won through bids.
import { useParams } from 'react-router';
import { UsersIcon } from '@/components/ui/icons';
import { Screen } from '@/components/ui/screen';
import { ScreenPlaceholder } from '@/components/ui/screen-placeholder';

export function ConnectionsRoute() {
  const { userId } = useParams();
  return (
    <Screen>
      <ScreenPlaceholder
        icon={<UsersIcon size={30} />}
        title="Connections"
        description={
          userId
            ? 'Your connections will appear here, with this member’s shown first.'
            : 'Connections from winning bids will appear here.'
        }
      />
    </Screen>
  );
}
