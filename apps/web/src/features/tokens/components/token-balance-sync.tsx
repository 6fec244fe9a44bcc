// Mounted once at the root: keeps the member's balance in step with realtime bid events.
import { useLiveBalance } from '../hooks/use-live-balance';

export function TokenBalanceSync() {
  useLiveBalance();
  return null;
}
