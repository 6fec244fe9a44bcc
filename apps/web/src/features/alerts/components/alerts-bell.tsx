// The fixed alerts bell (marketplace §2 Home): shown only while there are unread alerts.
import { IconButton } from '@/components/ui/button';
import { BellIcon } from '@/components/ui/icons';
import './alerts-bell.css';

export function AlertsBell({ unread, onOpen }: { unread: number; onOpen: () => void }) {
  if (unread === 0) return null;
  return (
    <IconButton label={`Alerts (${unread} unread)`} className="alerts-bell" onClick={onOpen}>
      <BellIcon />
      <span className="alerts-bell__count" aria-hidden="true">
        {unread > 99 ? '99+' : unread}
      </span>
    </IconButton>
  );
}
