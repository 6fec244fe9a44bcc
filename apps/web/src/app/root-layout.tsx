// Root of every route: the realtime session (and its dialogs), live token balance updates,
// the confirmation after an account deletion and the current screen.
import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { RealtimeSession } from '@/features/realtime';
import { AccountDeletedGate } from '@/features/safety';
import { TokenBalanceSync } from '@/features/tokens';

export function RootLayout() {
  return (
    <>
      <RealtimeSession />
      <TokenBalanceSync />
      <AccountDeletedGate />
      {/* Lazily loaded screens show nothing for the moment their code takes to arrive. */}
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
