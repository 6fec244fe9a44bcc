// The floating top buttons (☰, alerts bell, messages) would sit over card buttons while a
// list scrolls under them: they step aside while the page scrolls down and come back on
// the first scroll up, so whatever is under them can be reached.
import { useEffect, useState } from 'react';

/** Scrolls smaller than this (a finger's jitter) change nothing. */
const JITTER_PX = 8;

/** True while the page is scrolled down past `threshold` and last moved down. */
export function useScrollAway(threshold = 80): boolean {
  const [away, setAway] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const y = window.scrollY;
        if (Math.abs(y - last) < JITTER_PX && y > threshold) return;
        setAway(y > threshold && y > last);
        last = y;
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [threshold]);
  return away;
}
