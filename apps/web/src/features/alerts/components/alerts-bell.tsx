// The fixed alerts bell (marketplace §2 Home): shown only while there are unread alerts.
import { BellIcon } from '@/components/ui/icons';
import { UnreadButton } from '@/components/ui/unread-button';
import './alerts-bell.css';

export function AlertsBell({ unread, onOpen }: { unread: number; onOpen: () => void }) {
  return (
    <UnreadButton
      unread={unread}
      kind="alerts"
      icon={<BellIcon />}
      className="alerts-bell"
      onClick={onOpen}
    />
  );
}
