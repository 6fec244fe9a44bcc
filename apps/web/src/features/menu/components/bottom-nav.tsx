// The phone's bottom bar (issue 46): the Bid Board, Connections, Chat and the member's own
// profile one tap away, the current place marked. Only members who finished onboarding
// see it (MainMenu decides), and only below 640 px (bottom-nav.css); the spec's menu (☰)
// stays as it is. Chat and Profile open the same overlays as the menu's items.
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { CountPill } from '@/components/ui/count-pill';
import { ChatIcon, GavelIcon, UserIcon, UsersIcon } from '@/components/ui/icons';
import { useMenuText } from '../i18n';
import './bottom-nav.css';

interface BottomNavProps {
  unreadChat: number;
  onChat: () => void;
  onPreloadChat: () => void;
  onProfile: () => void;
}

function Place({ icon, label, badge }: { icon: ReactNode; label: string; badge?: number }) {
  return (
    <>
      <span className="bottom-nav__icon">
        {icon}
        {badge ? <CountPill count={badge} className="bottom-nav__count" /> : null}
      </span>
      <span className="bottom-nav__label">{label}</span>
    </>
  );
}

export function BottomNav({ unreadChat, onChat, onPreloadChat, onProfile }: BottomNavProps) {
  const t = useMenuText();
  const { pathname } = useLocation();
  const current = (here: boolean) => (here ? ('page' as const) : undefined);
  return (
    <nav className="bottom-nav" aria-label={t('nav.label')}>
      <Link className="bottom-nav__item" to="/" aria-current={current(pathname === '/')}>
        <Place icon={<GavelIcon />} label={t('nav.board')} />
      </Link>
      <Link
        className="bottom-nav__item"
        to="/connections"
        aria-current={current(/^\/connections(\/|$)/.test(pathname))}
      >
        <Place icon={<UsersIcon />} label={t('nav.connections')} />
      </Link>
      <button
        type="button"
        className="bottom-nav__item"
        aria-label={unreadChat > 0 ? t('nav.chatUnread', { count: unreadChat }) : undefined}
        onPointerDown={onPreloadChat}
        onClick={onChat}
      >
        <Place icon={<ChatIcon />} label={t('nav.chat')} badge={unreadChat} />
      </button>
      <button type="button" className="bottom-nav__item" onClick={onProfile}>
        <Place icon={<UserIcon />} label={t('nav.profile')} />
      </button>
    </nav>
  );
}
