// /: the Bid Board. Its auctions arrive with the bidding capability; until then the screen
// says what will appear here.
import { ButtonLink } from '@/components/ui/button';
import { GavelIcon } from '@/components/ui/icons';
import { Screen } from '@/components/ui/screen';
import { ScreenPlaceholder } from '@/components/ui/screen-placeholder';
import { useAuth } from '@/features/auth';

export function HomeRoute() {
  const { state } = useAuth();
  return (
    <Screen>
      <ScreenPlaceholder
        icon={<GavelIcon size={30} />}
        title="Bid Board"
        description="Live auctions will appear here. Bidding closes Thursday at 8pm ET."
      >
        {state.status === 'anonymous' ? <ButtonLink to="/auth">Join / Sign In</ButtonLink> : null}
      </ScreenPlaceholder>
    </Screen>
  );
}
