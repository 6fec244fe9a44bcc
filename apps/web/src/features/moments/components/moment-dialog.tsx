// One moment: the result in the alert's own words and the next step (the connection, or
// the conversation), or 'Later'.
import type { Alert } from '@bidboard/shared';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/sheet';
import { alertDestination } from '@/features/alerts/lib/alert-view';
import { useMomentsText } from '../i18n';
import './moments.css';

export function MomentDialog({ alert, onDone }: { alert: Alert; onDone: () => void }) {
  const t = useMomentsText();
  const navigate = useNavigate();
  const won = alert.kind === 'auction_won';
  const destination = alertDestination(alert);
  const next = destination && destination !== 'close' ? destination : '/connections';
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onDone();
      }}
      title={won ? t('won.title') : t('mutual.title')}
      description={alert.message}
      className="moment-dialog"
    >
      <div className="moment-dialog__burst" aria-hidden="true" />
      <div className="moment-dialog__actions">
        <Button variant="secondary" size="md" onClick={onDone}>
          {t('later')}
        </Button>
        <Button
          size="md"
          onClick={() => {
            onDone();
            void navigate(next);
          }}
        >
          {won ? t('won.next') : t('mutual.next')}
        </Button>
      </div>
    </Dialog>
  );
}
