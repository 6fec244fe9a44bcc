// The SMS switch: saves sms_notification, flips back with the spec's message on failure
// and shows 'Saved' for two seconds on success.
import { NOTIFICATION_MESSAGES, type User } from '@bidboard/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SaveStatus } from '@/components/ui/settings-field';
import { useAuth } from '@/features/auth';
import { updateSmsNotification } from '../api/update-sms-notification';

const SAVED_INDICATOR_MS = 2000;

export function useSmsNotifications(user: User | null) {
  const { updateUser } = useAuth();
  const [checked, setChecked] = useState(user?.sms_notification ?? false);
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The member may still be loading when the overlay opens; follow the saved value.
  const saved = user?.sms_notification ?? false;
  useEffect(() => setChecked(saved), [saved]);

  const toggle = useCallback(
    async (next: boolean) => {
      const previous = checked;
      setChecked(next);
      setError(null);
      setStatus('saving');
      clearTimeout(timer.current);
      try {
        const { user: saved } = await updateSmsNotification(next);
        setChecked(saved.sms_notification);
        updateUser(() => saved);
        setStatus('saved');
        timer.current = setTimeout(() => setStatus('idle'), SAVED_INDICATOR_MS);
      } catch {
        setChecked(previous);
        setStatus('idle');
        setError(NOTIFICATION_MESSAGES.smsFailed);
      }
    },
    [checked, updateUser],
  );

  return { checked, status, error, toggle };
}
