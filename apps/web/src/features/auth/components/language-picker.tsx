// The sign-in page's language choice, before an account exists: it switches the screens at
// once, stays on the device, and the account made at sign-in keeps it (verify-otp).
import { LanguageSwitch } from '@/components/ui/language-switch';
import { setLanguage, useLanguage } from '@/lib/i18n';
import { useAuthText } from '../i18n';

export function LanguagePicker() {
  const t = useAuthText();
  const language = useLanguage();
  return (
    <div className="auth-language">
      <LanguageSwitch
        value={language}
        label={t('pitch.language')}
        onChange={(next) => void setLanguage(next, { chosen: true })}
      />
    </div>
  );
}
