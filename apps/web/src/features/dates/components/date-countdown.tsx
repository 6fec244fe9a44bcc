// The countdown to an accepted date in the conversation's header (issue 45: 'an accepted
// plan … shows a countdown in the conversation header'): 'Date in 1d 23:59:59' under the
// partner's name until the plan's time. It reads the same plans query as the panel.
import clsx from 'clsx';
import { ClockIcon } from '@/components/ui/icons';
import { formatCountdown } from '@/lib/i18n';
import { useDatePlans } from '../api/dates';
import { useNow } from '../hooks/use-now';
import { useDatesText } from '../i18n';
import './dates.css';

export function DateCountdown({ cid, className }: { cid: string; className?: string }) {
  const t = useDatesText();
  const plans = useDatePlans(cid, true);
  const now = useNow(1000);
  const plan = plans.data?.[0];
  if (plan?.state !== 'accepted') return null;
  const seconds = (new Date(plan.startsAt).getTime() - now) / 1000;
  if (seconds <= 0) return null;
  return (
    <p className={clsx('date-countdown', className)} role="timer">
      <ClockIcon size={14} />
      {t('header.countdown', { time: formatCountdown(seconds) })}
    </p>
  );
}
