// The main menu's sheet (marketplace §2 Main menu): the token area and the links. Loaded
// the first time the menu opens; the trigger stays on the first page. BUY/REDEEM closes the
// sheet and opens the token screen on its own (it lives beside the sheet, so it outlasts it).
import { RESULTS_PATH, type User } from '@bidboard/shared';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import {
  BellIcon,
  ChatIcon,
  GavelIcon,
  GiftIcon,
  HelpIcon,
  LockIcon,
  LogInIcon,
  LogOutIcon,
  SlidersIcon,
  StarIcon,
  UserIcon,
  UsersIcon,
} from '@/components/ui/icons';
import { Sheet } from '@/components/ui/sheet';
import { TokenBalanceScreen } from '@/features/tokens';
import { useMenuText } from '../i18n';
import type { MenuOverlay } from './menu-overlays';
import { TokenSummary } from './token-summary';

type MenuKey = Parameters<ReturnType<typeof useMenuText>>[0];

interface Item {
  label: MenuKey;
  icon: ReactNode;
  to?: string;
  overlay?: MenuOverlay;
}

const MEMBER_ITEMS: Item[] = [
  { label: 'item.bidBoard', icon: <GavelIcon />, to: '/' },
  { label: 'item.connections', icon: <UsersIcon />, to: '/connections' },
  { label: 'item.results', icon: <StarIcon />, to: RESULTS_PATH },
  { label: 'item.chat', icon: <ChatIcon />, overlay: 'chat' },
  { label: 'item.alerts', icon: <BellIcon />, overlay: 'alerts' },
  { label: 'item.profile', icon: <UserIcon />, overlay: 'profile' },
  { label: 'item.howItWorks', icon: <HelpIcon />, overlay: 'instructions' },
  { label: 'item.notifications', icon: <SlidersIcon />, overlay: 'notifications' },
  { label: 'item.privacyCenter', icon: <LockIcon />, to: '/privacy-center' },
  { label: 'item.refer', icon: <GiftIcon />, to: '/referral' },
  { label: 'item.logOut', icon: <LogOutIcon />, to: '/logout' },
];

/** Admins also reach the console (the server checks the role again on every call). */
const ADMIN_ITEM: Item = { label: 'item.admin', icon: <LockIcon />, to: '/admin' };

const VISITOR_ITEMS: Item[] = [
  { label: 'item.bidBoard', icon: <GavelIcon />, to: '/' },
  { label: 'item.howItWorks', icon: <HelpIcon />, overlay: 'instructions' },
  { label: 'item.notifications', icon: <SlidersIcon />, overlay: 'notifications' },
  { label: 'item.signIn', icon: <LogInIcon />, to: '/auth' },
];

interface MenuSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: User | null;
  unreadAlerts: number;
  unreadChat: number;
  onPreloadChat: () => void;
  onOverlay: (overlay: MenuOverlay) => void;
}

export function MenuSheet(props: MenuSheetProps) {
  const { open, onOpenChange, user, unreadAlerts, unreadChat, onPreloadChat, onOverlay } = props;
  const unread = (overlay: MenuOverlay | undefined) =>
    (overlay === 'alerts' && unreadAlerts > 0) || (overlay === 'chat' && unreadChat > 0);
  const items = !user
    ? VISITOR_ITEMS
    : user.role === 'admin'
      ? [...MEMBER_ITEMS.slice(0, -1), ADMIN_ITEM, ...MEMBER_ITEMS.slice(-1)]
      : MEMBER_ITEMS;
  const t = useMenuText();
  const [balanceOpen, setBalanceOpen] = useState(false);
  const closeMenu = () => onOpenChange(false);
  const openBalance = () => {
    closeMenu();
    setBalanceOpen(true);
  };
  return (
    <>
      <Sheet
        open={open}
        onOpenChange={onOpenChange}
        title={t('sheet.title')}
        closeLabel={t('sheet.close')}
      >
        <TokenSummary user={user} onNavigate={closeMenu} onOpenBalance={openBalance} />
        <nav aria-label={t('sheet.nav')}>
          <ul className="menu-list">
            {items.map((item) => (
              <li key={item.label}>
                {item.to ? (
                  <Link className="menu-item" to={item.to} onClick={closeMenu}>
                    <span className="menu-item__icon" aria-hidden="true">
                      {item.icon}
                    </span>
                    {t(item.label)}
                  </Link>
                ) : (
                  <button
                    type="button"
                    className="menu-item"
                    onPointerDown={item.overlay === 'chat' ? onPreloadChat : undefined}
                    onClick={() => item.overlay && onOverlay(item.overlay)}
                  >
                    <span className="menu-item__icon" aria-hidden="true">
                      {item.icon}
                    </span>
                    {t(item.label)}
                    {unread(item.overlay) ? (
                      <span className="menu-item__dot" role="img" aria-label={t('sheet.unread')} />
                    ) : null}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <p className="menu-legal">
          <Link to="/terms" onClick={closeMenu}>
            {t('legal.terms')}
          </Link>
          <span aria-hidden="true">·</span>
          <Link to="/policy" onClick={closeMenu}>
            {t('legal.privacy')}
          </Link>
        </p>
      </Sheet>
      {user ? <TokenBalanceScreen open={balanceOpen} onOpenChange={setBalanceOpen} /> : null}
    </>
  );
}
