// Keeps one realtime connection open while a member is signed in, and shows the
// connection dialogs when it is lost. Their code is not on the first page: it is fetched
// once the connection is up, because when the server goes away it can no longer be.
// They render only once their code is here: were they a lazy component, losing the
// network before the download finished would throw to the route's error screen and
// replace the whole page, although the page itself still works.
import { type ComponentType, useEffect, useState } from 'react';
import { useAuth } from '@/features/auth';
import { loadChunk } from '@/lib/chunk-guard';
import { closeRealtime, openRealtime, type RealtimeStatus } from '@/lib/socket';
import { useRealtimeStatus } from '../hooks/use-realtime-status';

type Dialogs = ComponentType<{ status: RealtimeStatus }>;

const loadDialogs = () =>
  loadChunk(() => import('./connection-dialogs').then((m): Dialogs => m.ConnectionDialogs));

export function RealtimeSession() {
  const { state, revalidate } = useAuth();
  const token = state.status === 'authenticated' ? state.token : null;
  const userId = state.status === 'authenticated' ? state.user.id : null;
  const status = useRealtimeStatus();
  const [ConnectionDialogs, setConnectionDialogs] = useState<Dialogs | null>(null);

  useEffect(() => {
    if (token === null || userId === null) return;
    openRealtime({ token, userId });
    return () => closeRealtime();
  }, [token, userId]);

  useEffect(() => {
    if (status === 'auth-failed') revalidate();
    // A download cut by a lost connection is tried again when the connection is back.
    if (status === 'connected' && ConnectionDialogs === null)
      loadDialogs().then(
        (loaded) => setConnectionDialogs(() => loaded),
        () => undefined,
      );
  }, [status, revalidate, ConnectionDialogs]);

  if (token === null || ConnectionDialogs === null) return null;
  return <ConnectionDialogs status={status} />;
}
