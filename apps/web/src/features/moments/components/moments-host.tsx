// Moments (issue 46): 'You won!' for each auction the member won and 'It's mutual!' when
// both have written, from the member's unread auction_won and connection_mutual alerts. The
// alerts are read on every load, so a moment survives the board's reload at the close; one
// shown once (taken or put off) is remembered on this device and not shown again. The
// dialog and its words load only when there is a moment to show.
import type { Alert } from '@bidboard/shared';
import { lazy, Suspense, useState } from 'react';
import { useAlerts } from '@/features/alerts/api/get-alerts';

const MomentDialog = lazy(() =>
  import('./moment-dialog').then((m) => ({ default: m.MomentDialog })),
);

const SEEN_KEY = 'bidboard.moments.seen';
const MOMENT_KINDS = new Set(['auction_won', 'connection_mutual']);

function seenIds(): number[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(SEEN_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

function rememberSeen(id: number): void {
  try {
    localStorage.setItem(SEEN_KEY, JSON.stringify([...seenIds(), id].slice(-100)));
  } catch {
    // Storage full or off: the moment may show again on the next load.
  }
}

/** The oldest unread moment not yet shown on this device. */
function nextMoment(alerts: readonly Alert[], seen: readonly number[]): Alert | null {
  const waiting = alerts.filter(
    (alert) => MOMENT_KINDS.has(alert.kind) && !alert.isRead && !seen.includes(alert.id),
  );
  return waiting.at(-1) ?? null;
}

export function MomentsHost() {
  const alerts = useAlerts(true).data?.alerts ?? [];
  const [seen, setSeen] = useState(seenIds);
  const moment = nextMoment(alerts, seen);
  if (!moment) return null;
  const done = () => {
    rememberSeen(moment.id);
    setSeen(seenIds());
  };
  return (
    <Suspense fallback={null}>
      <MomentDialog key={moment.id} alert={moment} onDone={done} />
    </Suspense>
  );
}
