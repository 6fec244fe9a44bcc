// Root of every route: the realtime session (and its dialogs), live token balance updates
// and the current screen.
import { Outlet, ScrollRestoration } from 'react-router';
import { RealtimeSession } from '@/features/realtime';
import { TokenBalanceSync } from '@/features/tokens';

export function RootLayout() {
  return (
    <>
      <RealtimeSession />
      <TokenBalanceSync />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
