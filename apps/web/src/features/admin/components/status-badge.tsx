// A member's or a photo's state as a word with a colour (never colour alone).
import clsx from 'clsx';

const LABELS: Record<string, string> = {
  pending: 'Waiting',
  approved: 'Approved',
  rejected: 'Rejected',
  suspended: 'Suspended',
  deleted: 'Deleted',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={clsx('admin-badge', `admin-badge--${status}`)}>
      {LABELS[status] ?? status}
    </span>
  );
}
