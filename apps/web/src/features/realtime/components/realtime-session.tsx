// Keeps one realtime connection open while a member is signed in, and shows the
// connection dialogs when it is lost. Their code is not on the first page: it is fetched
// once the connection is up, because when the server goes away it can no longer be.
import { Suspense, useEffect, useState } from 'react';
import { useAuth } from '@/features/auth';
import { preloadable } from '@/lib/lazy';
import { closeRealtime, openRealtime } from '@/lib/socket';
import { useRealtimeStatus } from '../hooks/use-realtime-status';

const ConnectionDialogs = preloadable(() =>
  import('./connection-dialogs').then((m) => m.ConnectionDialogs),
);

export function RealtimeSession() {
  const { state, revalidate } = useAuth();
  const token = state.status === 'authenticated' ? state.token : null;
  const userId = state.status === 'authenticated' ? state.user.id : null;
  const status = useRealtimeStatus();
  const [dialogsShown, setDialogsShown] = useState(false);
  if (
    !dialogsShown &&
    (status === 'inactive' || status === 'reconnect-failed' || status === 'reconnecting')
  )
    setDialogsShown(true);

  useEffect(() => {
    if (token === null || userId === null) return;
    openRealtime({ token, userId });
    return () => closeRealtime();
  }, [token, userId]);

  useEffect(() => {
    if (status === 'auth-failed') revalidate();
    if (status === 'connected') void ConnectionDialogs.preload();
  }, [status, revalidate]);

  if (token === null || !dialogsShown) return null;
  return (
    <Suspense fallback={null}>
      <ConnectionDialogs.Component status={status} />
    </Suspense>
  );
}
