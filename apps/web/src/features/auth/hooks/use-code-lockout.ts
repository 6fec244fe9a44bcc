// Failed-code lockout (accounts §8): after 5 failures the code input locks for 60 seconds
// with a ticking m:ss message, then the attempt count resets.
import { CODE_LOCKOUT_ATTEMPTS, CODE_LOCKOUT_SECONDS, lockoutWait } from '@bidboard/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface CodeLockout {
  locked: boolean;
  /** The remaining wait while locked (m:ss), otherwise null. */
  wait: string | null;
  /** Counts a failed attempt; returns true when this failure starts a lockout. */
  recordFailure: () => boolean;
}

export function useCodeLockout(): CodeLockout {
  const failures = useRef(0);
  const [lockedUntil, setLockedUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (lockedUntil === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      if (current >= lockedUntil) {
        failures.current = 0;
        setLockedUntil(null);
      }
      setNow(current);
    }, 1000);
    return () => clearInterval(timer);
  }, [lockedUntil]);

  const recordFailure = useCallback(() => {
    failures.current += 1;
    if (failures.current < CODE_LOCKOUT_ATTEMPTS) return false;
    const start = Date.now();
    setNow(start);
    setLockedUntil(start + CODE_LOCKOUT_SECONDS * 1000);
    return true;
  }, []);

  const locked = lockedUntil !== null;
  const secondsLeft = locked ? Math.max(0, (lockedUntil - now) / 1000) : 0;
  return { locked, wait: locked ? lockoutWait(secondsLeft) : null, recordFailure };
}
