// A stored notification switch (SMS texts, bid alerts): saves it, flips back with the
// spec's message on failure and shows 'Saved' for two seconds on success.
import type { User } from '@bidboard/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SaveStatus } from '@/components/ui/settings-field/settings-field';
import { useAuth } from '@/features/auth';
import {
  type NotificationSwitch,
  updateNotificationSwitch,
} from '../api/update-notification-switch';

const SAVED_INDICATOR_MS = 2000;

export function useNotificationSwitch(
  user: User | null,
  field: NotificationSwitch,
  failedMessage: string,
) {
  const { updateUser } = useAuth();
  const [checked, setChecked] = useState(user?.[field] ?? false);
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The member may still be loading when the overlay opens; follow the saved value.
  const saved = user?.[field] ?? false;
  useEffect(() => setChecked(saved), [saved]);

  const toggle = useCallback(
    async (next: boolean) => {
      const previous = checked;
      setChecked(next);
      setError(null);
      setStatus('saving');
      clearTimeout(timer.current);
      try {
        const { user: saved } = await updateNotificationSwitch(field, next);
        setChecked(saved[field]);
        updateUser(() => saved);
        setStatus('saved');
        timer.current = setTimeout(() => setStatus('idle'), SAVED_INDICATOR_MS);
      } catch {
        setChecked(previous);
        setStatus('idle');
        setError(failedMessage);
      }
    },
    [checked, updateUser, field, failedMessage],
  );

  return { checked, status, error, toggle };
}
