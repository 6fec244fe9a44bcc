// Root of every route: the realtime session (and its dialogs) plus the current screen.
import { Outlet, ScrollRestoration } from 'react-router';
import { RealtimeSession } from '@/features/realtime';

export function RootLayout() {
  return (
    <>
      <RealtimeSession />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
