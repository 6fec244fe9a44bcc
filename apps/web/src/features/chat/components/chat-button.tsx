// The board's fixed messages button (marketplace §2 Home Bid Board): shown only while
// there are unread messages; opens the chat overlay.
import { IconButton } from '@/components/ui/button';
import { ChatIcon } from '@/components/ui/icons';
import { openChat } from '../lib/chat-launcher';
import { ChatOverlayModule } from './chat-host';
import './chat-button.css';

export function ChatButton({ unread }: { unread: number }) {
  if (unread === 0) return null;
  return (
    <IconButton
      label={`Messages (${unread} unread)`}
      className="chat-button"
      onPointerDown={ChatOverlayModule.preload}
      onClick={() => openChat()}
    >
      <ChatIcon />
      <span className="chat-button__count" aria-hidden="true">
        {unread > 99 ? '99+' : unread}
      </span>
    </IconButton>
  );
}
