// The 'Connection Lost' and 'Connection to server failed' dialogs (marketplace §2 Overlays),
// and a quiet notice while the connection is being re-established (§4 Socket).
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/sheet';
import { reloadPage } from '@/lib/hard-navigate';
import { type RealtimeStatus, reconnectRealtime } from '@/lib/socket';
import { useRealtimeText } from '../i18n';
import './realtime-session.css';

export function ConnectionDialogs({ status }: { status: RealtimeStatus }) {
  const t = useRealtimeText();
  return (
    <>
      {status === 'reconnecting' ? (
        <p className="connection-notice" role="status">
          <span className="connection-notice__spinner" aria-hidden="true" />
          {t('reconnecting')}
        </p>
      ) : null}
      <Dialog
        open={status === 'inactive'}
        onOpenChange={() => undefined}
        dismissible={false}
        title={t('lost.title')}
        description={t('lost.text')}
      >
        <div className="connection-dialog__actions">
          <Button block onClick={reconnectRealtime}>
            {t('lost.reconnect')}
          </Button>
        </div>
      </Dialog>
      <Dialog
        open={status === 'reconnect-failed'}
        onOpenChange={() => undefined}
        dismissible={false}
        title={t('failed.title')}
        description={t('failed.text')}
      >
        <div className="connection-dialog__actions">
          <Button block onClick={reloadPage}>
            {t('failed.refresh')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
