// The 'Connection Lost' and 'Connection to server failed' dialogs (marketplace §2 Overlays),
// and a quiet notice while the connection is being re-established (§4 Socket).
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/sheet';
import { reloadPage } from '@/lib/hard-navigate';
import { type RealtimeStatus, reconnectRealtime } from '@/lib/socket';
import './realtime-session.css';

export function ConnectionDialogs({ status }: { status: RealtimeStatus }) {
  return (
    <>
      {status === 'reconnecting' ? (
        <p className="connection-notice" role="status">
          <span className="connection-notice__spinner" aria-hidden="true" />
          Reconnecting…
        </p>
      ) : null}
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
