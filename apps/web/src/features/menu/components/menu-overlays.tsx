// The overlays the main menu opens. Each loads the first time it is opened and stays
// mounted afterwards, so closing it can animate.
import { Suspense, useState } from 'react';
import { AlertsPanel } from '@/features/alerts';
import { preloadable } from '@/lib/lazy';

/** 'chat' opens the app-wide chat overlay (features/chat), not a panel of its own here. */
export type MenuOverlay = 'instructions' | 'alerts' | 'profile' | 'notifications' | 'chat';

const Instructions = preloadable(() =>
  import('@/features/instructions').then((m) => m.InstructionsOverlay),
);
const ProfileSettings = preloadable(() =>
  import('@/features/settings').then((m) => m.ProfileSettingsOverlay),
);
const NotificationSettings = preloadable(() =>
  import('@/features/notifications').then((m) => m.NotificationSettingsOverlay),
);

interface MenuOverlaysProps {
  overlay: MenuOverlay | null;
  onOverlayChange: (overlay: MenuOverlay | null) => void;
  isVisitor: boolean;
}

export function MenuOverlays({ overlay, onOverlayChange, isVisitor }: MenuOverlaysProps) {
  const [opened, setOpened] = useState<ReadonlySet<MenuOverlay>>(new Set());
  if (overlay && !opened.has(overlay)) setOpened(new Set(opened).add(overlay));
  const toggle = (key: MenuOverlay) => (open: boolean) => onOverlayChange(open ? key : null);

  return (
    <Suspense fallback={null}>
      {opened.has('instructions') ? (
        <Instructions.Component
          open={overlay === 'instructions'}
          onOpenChange={toggle('instructions')}
          isVisitor={isVisitor}
        />
      ) : null}
      {opened.has('profile') ? (
        <ProfileSettings.Component
          open={overlay === 'profile' && !isVisitor}
          onOpenChange={toggle('profile')}
        />
      ) : null}
      {opened.has('notifications') ? (
        <NotificationSettings.Component
          open={overlay === 'notifications'}
          onOpenChange={toggle('notifications')}
        />
      ) : null}
      {overlay === 'alerts' && !isVisitor ? (
        <AlertsPanel open onOpenChange={toggle('alerts')} />
      ) : null}
    </Suspense>
  );
}
