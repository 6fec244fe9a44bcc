// A fixed header button that shows only while something is unread, with its count
// (the alerts bell and the messages button of marketplace §2 Home).
import type { ReactNode } from 'react';
import { IconButton } from './button';
import { CountPill } from './count-pill';
import './unread-button.css';

type UnreadButtonProps = {
  unread: number;
  /** What is unread, for the label: 'Alerts', 'Messages'. */
  name: string;
  icon: ReactNode;
  className: string;
  onClick: () => void;
  onPointerDown?: () => void;
};

export function UnreadButton({ unread, name, icon, className, ...handlers }: UnreadButtonProps) {
  if (unread === 0) return null;
  return (
    <IconButton
      label={`${name} (${unread} unread)`}
      className={`icon-btn--corner unread-button ${className}`}
      {...handlers}
    >
      {icon}
      <CountPill count={unread} className="unread-button__count" />
    </IconButton>
  );
}
