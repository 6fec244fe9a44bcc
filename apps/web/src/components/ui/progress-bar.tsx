// Linear progress indicator (sign-in shows 5 percent, accounts §2).
import './progress-bar.css';

export function ProgressBar({ value, label }: { value: number; label: string }) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
    >
      <div className="progress__fill" style={{ width: `${clamped}%` }} />
    </div>
  );
}
