// State of the browser-notifications switch for this device: on when permission is granted
// and a push subscription exists; turning it on or off reports the spec's messages.
import { NOTIFICATION_MESSAGES } from '@bidboard/shared';
import { useCallback, useEffect, useState } from 'react';
import { sendTestPush } from '../api/push-subscriptions';
import {
  currentSubscription,
  disableBrowserPush,
  enableBrowserPush,
  PushSetupError,
} from './browser-push';

/** The test's outcome: sent, or the failure (the screen words it in the member's language). */
export type TestOutcome = { ok: true } | { ok: false; failure: unknown };

export function useBrowserNotifications(enabled: boolean) {
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [testMessage, setTestMessage] = useState<TestOutcome | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    currentSubscription()
      .then((subscription) => live && setOn(subscription !== null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [enabled]);

  const toggle = useCallback(async (next: boolean) => {
    setBusy(true);
    setError(null);
    setTestMessage(null);
    try {
      if (next) await enableBrowserPush();
      else await disableBrowserPush();
      setOn(next);
    } catch (failure) {
      setError(
        failure instanceof PushSetupError ? failure.message : NOTIFICATION_MESSAGES.updateFailed,
      );
    } finally {
      setBusy(false);
    }
  }, []);

  const sendTest = useCallback(async () => {
    setBusy(true);
    setTestMessage(null);
    try {
      await sendTestPush();
      setTestMessage({ ok: true });
    } catch (failure) {
      setTestMessage({ ok: false, failure });
    } finally {
      setBusy(false);
    }
  }, []);

  return { on, busy, error, toggle, sendTest, testMessage };
}
