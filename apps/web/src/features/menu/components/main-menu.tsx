// Main menu (marketplace §2): a sheet opened from the fixed menu button. Members and
// visitors see different links; overlays open after the sheet closes.
import type { ReactNode } from 'react';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { IconButton } from '@/components/ui/button';
import {
  BellIcon,
  ChatIcon,
  GavelIcon,
  GiftIcon,
  HelpIcon,
  LogInIcon,
  LogOutIcon,
  MenuIcon,
  SlidersIcon,
  UserIcon,
  UsersIcon,
} from '@/components/ui/icons';
import { Sheet } from '@/components/ui/sheet';
import { AlertsBell, AlertsPanel, useUnreadAlerts } from '@/features/alerts';
import { useAuth } from '@/features/auth';
import { InstructionsOverlay } from '@/features/instructions';
import { NotificationSettingsOverlay } from '@/features/notifications';
import { ProfileSettingsOverlay } from '@/features/settings';
import { TokenSummary } from './token-summary';
import { UpcomingPanel, type UpcomingPanelKey } from './upcoming-panel';
import './main-menu.css';

type Overlay = 'instructions' | 'alerts' | 'profile' | 'notifications' | UpcomingPanelKey;

interface Item {
  label: string;
  icon: ReactNode;
  to?: string;
  overlay?: Overlay;
}

const MEMBER_ITEMS: Item[] = [
  { label: 'Bid Board', icon: <GavelIcon />, to: '/' },
  { label: 'Connections', icon: <UsersIcon />, to: '/connections' },
  { label: 'Chat', icon: <ChatIcon />, overlay: 'chat' },
  { label: 'Alerts', icon: <BellIcon />, overlay: 'alerts' },
  { label: 'Profile Settings', icon: <UserIcon />, overlay: 'profile' },
  { label: 'How It Works', icon: <HelpIcon />, overlay: 'instructions' },
  { label: 'Notification Settings', icon: <SlidersIcon />, overlay: 'notifications' },
  { label: 'Refer Friends', icon: <GiftIcon />, to: '/referral' },
  { label: 'Log Out', icon: <LogOutIcon />, to: '/logout' },
];

const VISITOR_ITEMS: Item[] = [
  { label: 'Bid Board', icon: <GavelIcon />, to: '/' },
  { label: 'How It Works', icon: <HelpIcon />, overlay: 'instructions' },
  { label: 'Notification Settings', icon: <SlidersIcon />, overlay: 'notifications' },
  { label: 'Join / Sign In', icon: <LogInIcon />, to: '/auth' },
];

export function MainMenu() {
  const { state } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const [overlay, setOverlay] = useState<Overlay | null>(null);
  const user = state.status === 'authenticated' ? state.user : null;
  const items = user ? MEMBER_ITEMS : VISITOR_ITEMS;
  const unreadAlerts = useUnreadAlerts(user !== null);
  const closeMenu = () => setMenuOpen(false);

  const openOverlay = (next: Overlay) => {
    setMenuOpen(false);
    setOverlay(next);
  };

  return (
    <>
      <IconButton
        label="Open menu"
        className="menu-trigger"
        aria-haspopup="dialog"
        aria-expanded={menuOpen}
        onClick={() => setMenuOpen(true)}
      >
        <MenuIcon />
      </IconButton>
      {user ? <AlertsBell unread={unreadAlerts} onOpen={() => openOverlay('alerts')} /> : null}
      <Sheet open={menuOpen} onOpenChange={setMenuOpen} title="Menu" closeLabel="Close menu">
        <TokenSummary user={user} onNavigate={closeMenu} />
        <nav aria-label="Main">
          <ul className="menu-list">
            {items.map((item) => (
              <li key={item.label}>
                {item.to ? (
                  <Link className="menu-item" to={item.to} onClick={closeMenu}>
                    <span className="menu-item__icon" aria-hidden="true">
                      {item.icon}
                    </span>
                    {item.label}
                  </Link>
                ) : (
                  <button
                    type="button"
                    className="menu-item"
                    onClick={() => item.overlay && openOverlay(item.overlay)}
                  >
                    <span className="menu-item__icon" aria-hidden="true">
                      {item.icon}
                    </span>
                    {item.label}
                    {item.overlay === 'alerts' && unreadAlerts > 0 ? (
                      <span className="menu-item__dot" role="img" aria-label="unread" />
                    ) : null}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <p className="menu-legal">
          <Link to="/terms" onClick={closeMenu}>
            Terms
          </Link>
          <span aria-hidden="true">·</span>
          <Link to="/policy" onClick={closeMenu}>
            Privacy
          </Link>
        </p>
      </Sheet>
      <InstructionsOverlay
        open={overlay === 'instructions'}
        onOpenChange={(open) => setOverlay(open ? 'instructions' : null)}
        isVisitor={user === null}
      />
      <ProfileSettingsOverlay
        open={overlay === 'profile' && user !== null}
        onOpenChange={(open) => setOverlay(open ? 'profile' : null)}
      />
      <NotificationSettingsOverlay
        open={overlay === 'notifications'}
        onOpenChange={(open) => setOverlay(open ? 'notifications' : null)}
      />
      <UpcomingPanel panel={overlay === 'chat' ? overlay : null} onClose={() => setOverlay(null)} />
      {overlay === 'alerts' && user ? (
        <Suspense fallback={null}>
          <AlertsPanel open onOpenChange={(open) => setOverlay(open ? 'alerts' : null)} />
        </Suspense>
      ) : null}
    </>
  );
}
