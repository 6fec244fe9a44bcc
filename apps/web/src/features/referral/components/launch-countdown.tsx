// Countdown to the launch instant in DAY / HRS / MIN / SEC boxes; 'Launch time!' at zero,
// then the page reloads (marketplace §2 'Prelaunch pages').

import { useCountdown } from '../hooks/use-countdown';
import { useReferralText } from '../i18n';
import { countdownParts, formatLaunchTime } from '../lib/countdown';

interface LaunchCountdownProps {
  launchAt: string;
  onLaunch: () => void;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function LaunchCountdown({ launchAt, onLaunch }: LaunchCountdownProps) {
  const t = useReferralText();
  const left = useCountdown(launchAt, onLaunch);
  if (left <= 0) {
    return (
      <p className="ref-countdown ref-countdown--done" role="status">
        {t('countdown.done')}
      </p>
    );
  }
  const { days, hours, minutes, seconds } = countdownParts(left);
  const units = [
    [t('countdown.days'), days],
    [t('countdown.hours'), hours],
    [t('countdown.minutes'), minutes],
    [t('countdown.seconds'), seconds],
  ] as const;
  return (
    <div className="ref-countdown" role="timer" aria-label={t('countdown.label')}>
      <div className="ref-countdown__units">
        {units.map(([label, value]) => (
          <div className="ref-countdown__unit" key={label}>
            <span className="ref-countdown__value">{pad(value)}</span>
            <span className="ref-countdown__label">{label}</span>
          </div>
        ))}
      </div>
      <p className="ref-countdown__when">
        {t('countdown.when', { time: formatLaunchTime(launchAt) })}
      </p>
    </div>
  );
}
