// The member's language (product rules, Languages): the screens switch at once and the
// choice is saved on the member, so alerts, pushes and texts follow it.
import type { User } from '@bidboard/shared';
import type { Language } from '@bidboard/shared/i18n/languages';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { SettingsField } from '@/components/ui/settings-field/settings-field';
import { setLanguage } from '@/lib/i18n';
import { useProfileField } from '../hooks/use-profile-field';
import { useSettingsText } from '../i18n';

const readLanguage = (user: User) => user.language;

export function LanguageSetting({ user }: { user: User }) {
  const t = useSettingsText();
  const field = useProfileField<Language>({
    user,
    read: readLanguage,
    toChanges: (language) => ({ ok: true, value: { language } }),
  });
  const handleChange = async (next: Language) => {
    if (await field.commit(next)) await setLanguage(next, { chosen: true });
  };
  return (
    <SettingsField
      label={t('language.label')}
      status={field.status}
      error={field.error}
      hint={t('language.hint')}
    >
      <LanguageSwitch
        value={field.value}
        label={t('language.label')}
        disabled={field.status === 'saving'}
        onChange={(next) => void handleChange(next)}
      />
    </SettingsField>
  );
}
