// What a member who is not an admin sees at /admin.
import { ButtonLink } from '@/components/ui/button';
import { ScreenPlaceholder } from '@/components/ui/screen-placeholder';
import { useAuthText } from '../i18n';

export function AdminsOnly() {
  const t = useAuthText();
  return (
    <ScreenPlaceholder title={t('admin.title')} description={t('admin.description')}>
      <ButtonLink to="/">{t('admin.home')}</ButtonLink>
    </ScreenPlaceholder>
  );
}
