// Referral carried into sign-in (accounts §2, §5): ref / username query parameters are saved
// as referralUsername; a saved referral the server rejects with 404 is cleared.
import { useEffect } from 'react';
import { authStorage } from '@/lib/auth-storage';
import { checkReferral } from '../api/check-referral';

export function useReferral(
  params: { ref: string | null; username: string | null },
  enabled: boolean,
): () => string | null {
  const { ref, username } = params;

  useEffect(() => {
    if (!enabled) return;
    const fromQuery = ref || username;
    if (fromQuery) authStorage.setReferral(fromQuery);
    const stored = authStorage.getReferral();
    if (!stored) return;
    checkReferral(stored)
      .then((result) => {
        if (!result.valid && authStorage.getReferral() === stored) authStorage.clearReferral();
      })
      .catch((error: unknown) => console.warn(error));
  }, [ref, username, enabled]);

  // Read at submit time so a referral cleared meanwhile is not sent.
  return () => ref || authStorage.getReferral();
}
