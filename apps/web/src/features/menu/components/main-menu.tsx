// Main menu (marketplace §2): the fixed menu button opens a sheet; members and visitors
// see different links; overlays open after the sheet closes. The sheet and the overlays
// load on demand: the first page only needs the button (and, for members, the alerts bell and the messages button).
// Members who finished onboarding also get the phone's bottom bar (bottom-nav.tsx).
import { ONBOARDING_COMPLETE } from '@bidboard/shared';
import { Suspense, useEffect, useState } from 'react';
import { IconButton } from '@/components/ui/button';
import { MenuIcon } from '@/components/ui/icons';
import { AlertsBell, useUnreadAlerts } from '@/features/alerts';
import { useAuth } from '@/features/auth';
import {
  ChatButton,
  ChatHost,
  ChatOverlayModule,
  openChat,
  useChatLive,
  usePresenceTracking,
} from '@/features/chat';
import { preloadable } from '@/lib/lazy';
import { useScrollAway } from '../hooks/use-scroll-away';
import { useMenuText } from '../i18n';
import { BottomNav } from './bottom-nav';
import { type MenuOverlay, MenuOverlays } from './menu-overlays';
import './main-menu.css';

const Sheet = preloadable(() => import('./menu-sheet').then((m) => m.MenuSheet));

export function MainMenu() {
  const { state } = useAuth();
  const t = useMenuText();
  const [menuOpen, setMenuOpen] = useState(false);
  const [sheetLoaded, setSheetLoaded] = useState(false);
  const [overlay, setOverlay] = useState<MenuOverlay | null>(null);
  const user = state.status === 'authenticated' ? state.user : null;
  const unreadAlerts = useUnreadAlerts(user !== null);
  const unreadChat = useChatLive(user?.id ?? null);
  usePresenceTracking(user !== null);
  const away = useScrollAway();
  // One attribute on the root moves all three top buttons (main-menu.css), whichever
  // feature draws them.
  useEffect(() => {
    document.documentElement.toggleAttribute('data-top-buttons-away', away);
  }, [away]);

  const openMenu = () => {
    setSheetLoaded(true);
    setMenuOpen(true);
  };
  const openOverlay = (next: MenuOverlay) => {
    setMenuOpen(false);
    if (next === 'chat') openChat();
    else setOverlay(next);
  };

  return (
    <>
      <IconButton
        label={t('bar.open')}
        className="icon-btn--corner menu-trigger"
        aria-haspopup="dialog"
        aria-expanded={menuOpen}
        onPointerDown={Sheet.preload}
        onClick={openMenu}
      >
        <MenuIcon />
      </IconButton>
      {user ? <AlertsBell unread={unreadAlerts} onOpen={() => openOverlay('alerts')} /> : null}
      {user ? <ChatButton unread={unreadChat} /> : null}
      {user?.onboarded === ONBOARDING_COMPLETE ? (
        <BottomNav
          unreadChat={unreadChat}
          onChat={() => openOverlay('chat')}
          onPreloadChat={ChatOverlayModule.preload}
          onProfile={() => openOverlay('profile')}
        />
      ) : null}
      {sheetLoaded ? (
        <Suspense fallback={null}>
          <Sheet.Component
            open={menuOpen}
            onOpenChange={setMenuOpen}
            user={user}
            unreadAlerts={unreadAlerts}
            unreadChat={unreadChat}
            onPreloadChat={ChatOverlayModule.preload}
            onOverlay={openOverlay}
          />
        </Suspense>
      ) : null}
      <MenuOverlays overlay={overlay} onOverlayChange={setOverlay} isVisitor={user === null} />
      {user ? <ChatHost viewerId={user.id} /> : null}
    </>
  );
}
