// Public API of the chat feature. The overlay itself loads on first use (ChatHost).
export { ChatButton } from './components/chat-button';
export { ChatHost, ChatOverlayModule } from './components/chat-host';
export { useChatLive } from './hooks/use-chat-live';
export { usePresenceTracking } from './hooks/use-presence';
export { closeChat, openChat } from './lib/chat-launcher';
