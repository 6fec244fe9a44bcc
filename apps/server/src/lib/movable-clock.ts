// Development only (DEV_CLOCK=true, refused in production): a clock the dev route
// POST /api/dev/clock moves forward, so a journey can live 'the next day' against the real
// server: the sweepers, the rules and the signed file links all read this one clock. It
// never runs backwards (rows written at a later time would then lie in the future).
import type { Clock } from './context';

export interface MovableClock {
  now: Clock;
  /** Moves the clock to `at`; false (and no change) when `at` is before its present time. */
  moveTo: (at: Date) => boolean;
  /** Called after each move: a sweeper whose time came with the move runs now, not at its
   * next turn (a journey's 'evening of the date' would otherwise wait up to a minute). */
  onMove: (listener: () => void) => void;
}

export function movableClock(real: Clock = () => new Date()): MovableClock {
  let offsetMs = 0;
  const listeners: (() => void)[] = [];
  const now = () => new Date(real().getTime() + offsetMs);
  return {
    now,
    moveTo: (at) => {
      if (at.getTime() < now().getTime()) return false;
      offsetMs = at.getTime() - real().getTime();
      for (const listener of listeners) listener();
      return true;
    },
    onMove: (listener) => {
      listeners.push(listener);
    },
  };
}
