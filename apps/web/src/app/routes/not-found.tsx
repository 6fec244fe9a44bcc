// Any other path (marketplace §2): the 404 page.
import { ButtonLink } from '@/components/ui/button';
import { CompassIcon } from '@/components/ui/icons';
import { Screen } from '@/components/ui/screen';
import { ScreenPlaceholder } from '@/components/ui/screen-placeholder';

export function NotFoundRoute() {
  return (
    <Screen>
      <ScreenPlaceholder
        icon={<CompassIcon size={30} />}
        title="Page Not Found"
        description="The page you are looking for doesn't exist or has been moved."
      >
        <ButtonLink to="/">Go to homepage</ButtonLink>
        <ButtonLink to="/auctions" variant="secondary">
          View auctions
        </ButtonLink>
      </ScreenPlaceholder>
    </Screen>
  );
}
