// A fixed header button that shows only while something is unread, with its count
// (the alerts bell and the messages button of marketplace §2 Home).
import type { ReactNode } from 'react';
import { IconButton } from './button';
import { CountPill } from './count-pill';
import { useUiText } from './i18n';
import './unread-button.css';

type UnreadButtonProps = {
  unread: number;
  /** What is unread, which names the button: 'Alerts (2 unread)', 'Messages (1 unread)'. */
  kind: 'alerts' | 'messages';
  icon: ReactNode;
  className: string;
  onClick: () => void;
  onPointerDown?: () => void;
};

export function UnreadButton({ unread, kind, icon, className, ...handlers }: UnreadButtonProps) {
  const t = useUiText();
  if (unread === 0) return null;
  return (
    <IconButton
      label={t(kind === 'alerts' ? 'unread.alerts' : 'unread.messages', { count: unread })}
      className={`icon-btn--corner unread-button ${className}`}
      {...handlers}
    >
      {icon}
      <CountPill count={unread} className="unread-button__count" />
    </IconButton>
  );
}
