// One profile field saved on its own (accounts §4 'Field edits in settings'): the shared
// rule runs first; on any failure, the rule's or the server's, the field goes back to its
// saved value and the message shows under it; success shows 'Saved' for 2 s.
import type { RuleResult, UpdateProfileBody, User } from '@bidboard/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SaveStatus } from '@/components/ui/settings-field/settings-field';
import { useAuth } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { updateProfile } from '../api/update-profile';
import { useSettingsText } from '../i18n';

export const SAVED_INDICATOR_MS = 2000;

interface ProfileFieldOptions<T> {
  user: User;
  /** The field's value as the member's record holds it. */
  read: (user: User) => T;
  /** Client-side rule check; passes with the changes to send. */
  toChanges: (value: T) => RuleResult<UpdateProfileBody> | Promise<RuleResult<UpdateProfileBody>>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function useProfileField<T>({ user, read, toChanges }: ProfileFieldOptions<T>) {
  const { updateUser } = useAuth();
  const t = useSettingsText();
  const [value, setValue] = useState<T>(() => read(user));
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const committed = useRef<T>(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = useCallback(
    async (next: T): Promise<boolean> => {
      setValue(next);
      if (same(next, committed.current)) {
        setError(null);
        return true;
      }
      const checked = await toChanges(next);
      if (!checked.ok) {
        setValue(committed.current);
        setError(checked.message);
        return false;
      }
      setError(null);
      setStatus('saving');
      clearTimeout(timer.current);
      try {
        const { user: saved } = await updateProfile(checked.value);
        const savedValue = read(saved);
        committed.current = savedValue;
        setValue(savedValue);
        updateUser(() => saved);
        setStatus('saved');
        timer.current = setTimeout(() => setStatus('idle'), SAVED_INDICATOR_MS);
        return true;
      } catch (failure) {
        setValue(committed.current);
        setStatus('idle');
        setError(errorMessage(failure, t('field.saveFailed')));
        return false;
      }
    },
    [read, toChanges, updateUser, t],
  );

  return { value, setValue, commit, status, error, committed: committed.current };
}
