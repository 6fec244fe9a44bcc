// Opens the chat overlay from anywhere: the menu, the board's messages button, a
// connection card (with that partner's conversation). One overlay for the whole app.
import { useSyncExternalStore } from 'react';

export interface ChatLaunch {
  open: boolean;
  /** Open straight into the conversation with this member. */
  partnerId: number | null;
  /** Bumped on every request, so asking for the same partner again reopens it. */
  request: number;
}

let state: ChatLaunch = { open: false, partnerId: null, request: 0 };
const listeners = new Set<() => void>();

function publish(next: ChatLaunch): void {
  state = next;
  for (const listener of listeners) listener();
}

export function openChat(partnerId: number | null = null): void {
  publish({ open: true, partnerId, request: state.request + 1 });
}

export function closeChat(): void {
  if (state.open) publish({ ...state, open: false });
}

export function useChatLaunch(): ChatLaunch {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
