// The bid number animation (marketplace §9): 15 steps over 600 ms from the old value.
import { useEffect, useRef, useState } from 'react';

const STEPS = 15;
const DURATION_MS = 600;

export function useAnimatedNumber(value: number): number {
  const [shown, setShown] = useState(value);
  const shownRef = useRef(value);

  useEffect(() => {
    const from = shownRef.current;
    if (from === value) return;
    let step = 0;
    const timer = setInterval(() => {
      step += 1;
      const next = step >= STEPS ? value : Math.round(from + ((value - from) * step) / STEPS);
      shownRef.current = next;
      setShown(next);
      if (step >= STEPS) clearInterval(timer);
    }, DURATION_MS / STEPS);
    return () => {
      clearInterval(timer);
      shownRef.current = value;
      setShown(value);
    };
  }, [value]);

  return shown;
}
