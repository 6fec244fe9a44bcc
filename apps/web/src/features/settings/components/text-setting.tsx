// A text profile field saved when the member leaves it (or presses Enter on one line).
import type { RuleResult, UpdateProfileBody, User } from '@bidboard/shared';
import { type KeyboardEvent, useId } from 'react';
import { SettingsField } from '@/components/ui/settings-field/settings-field';
import { useProfileField } from '../hooks/use-profile-field';

interface TextSettingProps {
  user: User;
  label: string;
  read: (user: User) => string;
  toChanges: (
    value: string,
  ) => RuleResult<UpdateProfileBody> | Promise<RuleResult<UpdateProfileBody>>;
  multiline?: boolean;
  maxLength?: number;
  /** Reshapes input as it is typed (e.g. postal codes). */
  format?: (raw: string) => string;
  hint?: (value: string) => string | null;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric';
}

export function TextSetting({
  user,
  label,
  read,
  toChanges,
  multiline = false,
  maxLength,
  format,
  hint,
  autoComplete = 'off',
  inputMode,
}: TextSettingProps) {
  const id = useId();
  const field = useProfileField({ user, read, toChanges });
  const shared = {
    id,
    value: field.value,
    maxLength,
    autoComplete,
    'aria-invalid': field.error ? true : undefined,
    'aria-describedby': field.error ? `${id}-error` : undefined,
    onBlur: () => void field.commit(field.value),
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void field.commit(field.value);
    }
  };
  return (
    <SettingsField
      label={label}
      htmlFor={id}
      status={field.status}
      error={field.error}
      errorId={`${id}-error`}
      hint={hint?.(field.value)}
    >
      {multiline ? (
        <textarea
          className="settings-textarea"
          rows={3}
          {...shared}
          onChange={(e) => field.setValue(e.target.value)}
        />
      ) : (
        <input
          className="settings-input"
          type="text"
          inputMode={inputMode}
          spellCheck={false}
          {...shared}
          onKeyDown={handleKeyDown}
          onChange={(e) => field.setValue(format ? format(e.target.value) : e.target.value)}
        />
      )}
    </SettingsField>
  );
}
