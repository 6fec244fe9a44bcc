// The board's fixed messages button (marketplace §2 Home Bid Board): shown only while
// there are unread messages; opens the chat overlay.
import { ChatIcon } from '@/components/ui/icons';
import { UnreadButton } from '@/components/ui/unread-button';
import { openChat } from '../lib/chat-launcher';
import { ChatOverlayModule } from './chat-host';
import './chat-button.css';

export function ChatButton({ unread }: { unread: number }) {
  return (
    <UnreadButton
      unread={unread}
      kind="messages"
      icon={<ChatIcon />}
      className="chat-button"
      onPointerDown={ChatOverlayModule.preload}
      onClick={() => openChat()}
    />
  );
}
