// /logout: ends the session and returns to /.
import { LogoutScreen } from '@/features/auth';

export function LogoutRoute() {
  return <LogoutScreen />;
}
