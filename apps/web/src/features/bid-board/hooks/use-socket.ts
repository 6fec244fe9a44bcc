// The current realtime socket, re-read whenever the connection status changes (a new
// session opens a new socket; a reconnect means rooms must be joined again).
import { useRealtimeStatus } from '@/features/realtime';
import { type AppSocket, getRealtimeSocket, type RealtimeStatus } from '@/lib/socket';

export function useSocket(): { socket: AppSocket | null; status: RealtimeStatus } {
  const status = useRealtimeStatus();
  return { socket: getRealtimeSocket(), status };
}
