// Countdown to the launch instant in DAY / HRS / MIN / SEC boxes; 'Launch time!' at zero,
// then the page reloads (marketplace §2 'Prelaunch pages').

import { useCountdown } from '../hooks/use-countdown';
import { countdownParts, formatLaunchTime } from '../lib/countdown';

interface LaunchCountdownProps {
  launchAt: string;
  onLaunch: () => void;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function LaunchCountdown({ launchAt, onLaunch }: LaunchCountdownProps) {
  const left = useCountdown(launchAt, onLaunch);
  if (left <= 0) {
    return (
      <p className="ref-countdown ref-countdown--done" role="status">
        Launch time!
      </p>
    );
  }
  const { days, hours, minutes, seconds } = countdownParts(left);
  const units = [
    ['DAY', days],
    ['HRS', hours],
    ['MIN', minutes],
    ['SEC', seconds],
  ] as const;
  return (
    <div className="ref-countdown" role="timer" aria-label="Time until launch">
      <div className="ref-countdown__units">
        {units.map(([label, value]) => (
          <div className="ref-countdown__unit" key={label}>
            <span className="ref-countdown__value">{pad(value)}</span>
            <span className="ref-countdown__label">{label}</span>
          </div>
        ))}
      </div>
      <p className="ref-countdown__when">Launches {formatLaunchTime(launchAt)}</p>
    </div>
  );
}
