// Keeps one realtime connection open while a member is signed in, and shows the
// 'Connection Lost' and 'Connection to server failed' dialogs (marketplace §2 Overlays).
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/sheet';
import { useAuth } from '@/features/auth';
import { reloadPage } from '@/lib/hard-navigate';
import { closeRealtime, openRealtime, reconnectRealtime } from '@/lib/socket';
import { useRealtimeStatus } from '../hooks/use-realtime-status';
import './realtime-session.css';

export function RealtimeSession() {
  const { state, revalidate } = useAuth();
  const token = state.status === 'authenticated' ? state.token : null;
  const userId = state.status === 'authenticated' ? state.user.id : null;
  const status = useRealtimeStatus();

  useEffect(() => {
    if (token === null || userId === null) return;
    openRealtime({ token, userId });
    return () => closeRealtime();
  }, [token, userId]);

  useEffect(() => {
    if (status === 'auth-failed') revalidate();
  }, [status, revalidate]);

  if (token === null) return null;
  return (
    <>
      <Dialog
        open={status === 'inactive'}
        onOpenChange={() => undefined}
        dismissible={false}
        title="Connection Lost"
        description="You were disconnected after a period of inactivity."
      >
        <div className="connection-dialog__actions">
          <Button block onClick={reconnectRealtime}>
            Reconnect
          </Button>
        </div>
      </Dialog>
      <Dialog
        open={status === 'reconnect-failed'}
        onOpenChange={() => undefined}
        dismissible={false}
        title="Connection to server failed"
        description="We could not reach the server after several attempts."
      >
        <div className="connection-dialog__actions">
          <Button block onClick={reloadPage}>
            Refresh Page
          </Button>
        </div>
      </Dialog>
    </>
  );
}
