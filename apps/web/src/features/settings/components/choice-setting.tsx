// A single-choice profile field shown as a row of chips (gender, seeking gender); each
// choice saves at once.
import type { UpdateProfileBody, User } from '@bidboard/shared';
import clsx from 'clsx';
import { SettingsField } from '@/components/ui/settings-field/settings-field';
import { useProfileField } from '../hooks/use-profile-field';
import { useSettingsText } from '../i18n';

interface ChoiceSettingProps<V extends string> {
  user: User;
  label: string;
  options: readonly { value: V; label: string }[];
  read: (user: User) => V | null;
  toChanges: (value: V) => UpdateProfileBody;
}

export function ChoiceSetting<V extends string>({
  user,
  label,
  options,
  read,
  toChanges,
}: ChoiceSettingProps<V>) {
  const t = useSettingsText();
  const field = useProfileField<V | null>({
    user,
    read,
    toChanges: (value) =>
      value === null
        ? { ok: false, message: t('choice.required') }
        : { ok: true, value: toChanges(value) },
  });
  return (
    <SettingsField label={label} status={field.status} error={field.error}>
      <div className="choice-chips" role="radiogroup" aria-label={label}>
        {options.map((option) => {
          const selected = field.value === option.value;
          return (
            // biome-ignore lint/a11y/useSemanticElements: chips styled as buttons act as radios
            <button
              key={option.value}
              type="button"
              role="radio"
              aria-checked={selected}
              className={clsx('choice-chip', selected && 'choice-chip--selected')}
              disabled={field.status === 'saving'}
              onClick={() => void field.commit(option.value)}
            >
              {option.label}
            </button>
          );
        })}
      </div>
    </SettingsField>
  );
}
