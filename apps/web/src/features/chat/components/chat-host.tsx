// Where the chat overlay lives: loaded the first time it is opened (it is not part of the
// first page's JavaScript), then kept mounted so closing can animate. A message push
// notification's '/?chat={cid}' opens it too.
import { Suspense, useState } from 'react';
import { preloadable } from '@/lib/lazy';
import { useChatDeepLink } from '../hooks/use-chat-deep-link';
import { closeChat, useChatLaunch } from '../lib/chat-launcher';

export const ChatOverlayModule = preloadable(() =>
  import('./chat-overlay').then((m) => m.ChatOverlay),
);

export function ChatHost({ viewerId }: { viewerId: number }) {
  const launch = useChatLaunch();
  useChatDeepLink(viewerId);
  const [loaded, setLoaded] = useState(false);
  if (launch.open && !loaded) setLoaded(true);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <ChatOverlayModule.Component
        open={launch.open}
        onOpenChange={(open) => {
          if (!open) closeChat();
        }}
        partnerId={launch.partnerId}
        request={launch.request}
      />
    </Suspense>
  );
}
