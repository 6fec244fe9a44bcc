// Milliseconds until `target`, ticking every second; calls `onZero` once when it arrives.
import { useEffect, useRef, useState } from 'react';

export function useCountdown(target: string | Date, onZero: () => void): number {
  const targetMs = new Date(target).getTime();
  const [left, setLeft] = useState(() => targetMs - Date.now());
  const zeroRef = useRef(onZero);
  zeroRef.current = onZero;

  useEffect(() => {
    let fired = false;
    const tick = () => {
      const next = targetMs - Date.now();
      setLeft(next);
      if (next <= 0 && !fired) {
        fired = true;
        clearInterval(timer);
        zeroRef.current();
      }
    };
    const timer = setInterval(tick, 1000);
    tick();
    return () => clearInterval(timer);
  }, [targetMs]);

  return left;
}
