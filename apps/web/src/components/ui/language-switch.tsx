// The language picker: each language named in itself ("English", "Français"), so a member
// finds theirs whatever the screen speaks now.
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@bidboard/shared/i18n/languages';
import clsx from 'clsx';
import './language-switch.css';

interface LanguageSwitchProps {
  value: Language;
  onChange: (language: Language) => void;
  label: string;
  disabled?: boolean;
}

export function LanguageSwitch({ value, onChange, label, disabled = false }: LanguageSwitchProps) {
  return (
    <fieldset className="language-switch">
      <legend className="visually-hidden">{label}</legend>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className={clsx('language-switch__option', language === value && 'is-active')}
          aria-pressed={language === value}
          disabled={disabled}
          onClick={() => onChange(language)}
        >
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </fieldset>
  );
}
