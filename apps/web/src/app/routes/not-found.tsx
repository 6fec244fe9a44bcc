// Any other path (marketplace §2): the 404 page.
import { ButtonLink } from '@/components/ui/button';
import { CompassIcon } from '@/components/ui/icons';
import { Screen } from '@/components/ui/screen';
import { ScreenPlaceholder } from '@/components/ui/screen-placeholder';
import { useAppText } from '../i18n';

export function NotFoundRoute() {
  const t = useAppText();
  return (
    <Screen>
      <ScreenPlaceholder
        icon={<CompassIcon size={30} />}
        title={t('notFound.title')}
        description={t('notFound.text')}
      >
        <ButtonLink to="/">{t('notFound.home')}</ButtonLink>
        <ButtonLink to="/auctions" variant="secondary">
          {t('notFound.auctions')}
        </ButtonLink>
      </ScreenPlaceholder>
    </Screen>
  );
}
