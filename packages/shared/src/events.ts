// Socket.IO event maps, both directions (accounts §7, marketplace §7 Realtime).
// Later capabilities extend these maps; every payload has a schema here.
import { z } from 'zod';

export const connectUserPayload = z.union([z.number().int(), z.string()]);

export const alertPayload = z.object({
  id: z.number().int(),
  kind: z.string(),
  message: z.string(),
  payload: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  isRead: z.boolean(),
});

export interface ClientToServerEvents {
  connectUser: (userId: number | string) => void;
  userActivity: () => void;
}

export interface ServerToClientEvents {
  'new-alert': (alert: z.infer<typeof alertPayload>) => void;
  inactivityDisconnect: () => void;
  userOnline: (userId: number) => void;
  userOffline: (userId: number) => void;
}

/** Room every member joins for events addressed to them alone. */
export function userRoom(userId: number): string {
  return `user_${userId}`;
}
