// An unread count (the alerts bell, the messages button, a conversation row): 99+ beyond
// two digits. Screen readers hear the count in the control's own label instead.
import clsx from 'clsx';
import './count-pill.css';

export function CountPill({ count, className }: { count: number; className?: string }) {
  return (
    <span className={clsx('count-pill', className)} aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  );
}
