// The Alerts panel (marketplace §2, §4): newest first with 'MM/DD/YYYY - h:mm am/pm' and a
// delete button; everything unread is marked read 2 s after the panel opens; a click goes
// where the alert is about (or just closes the panel for a reward).
import { ALERT_MESSAGES, ALERTS_MARK_READ_DELAY_MS, type Alert } from '@bidboard/shared';
import clsx from 'clsx';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { TrashIcon } from '@/components/ui/icons';
import { Dialog } from '@/components/ui/sheet';
import { errorMessage } from '@/lib/api-client';
import { useSharedText } from '@/lib/i18n';
import { useDeleteAlert } from '../api/delete-alert';
import { useAlerts } from '../api/get-alerts';
import { useMarkAlertsRead } from '../api/mark-alerts-read';
import { useAlertsText } from '../i18n';
import { alertDate, alertDestination } from '../lib/alert-view';
import './alerts.css';

interface AlertsPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function AlertsPanel({ open, onOpenChange }: AlertsPanelProps) {
  const t = useAlertsText();
  const { sharedText } = useSharedText();
  const query = useAlerts(open);
  const remove = useDeleteAlert();
  const markRead = useMarkAlertsRead();
  const navigate = useNavigate();
  const alerts = query.data?.alerts ?? [];
  const alertsRef = useRef(alerts);
  alertsRef.current = alerts;
  const loaded = query.isSuccess;
  const { mutate: mark } = markRead;

  useEffect(() => {
    if (!open || !loaded) return;
    const timer = setTimeout(() => {
      const unread = alertsRef.current.filter((a) => !a.isRead).map((a) => a.id);
      if (unread.length > 0) mark(unread);
    }, ALERTS_MARK_READ_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open, loaded, mark]);

  const handleOpen = (alert: Alert) => {
    const destination = alertDestination(alert);
    if (destination === null) {
      console.warn('Alert without the id it needs', alert);
      return;
    }
    onOpenChange(false);
    if (destination !== 'close') navigate(destination);
  };

  let body: React.ReactNode;
  if (query.isPending) body = <p className="alerts-message">{t('panel.loading')}</p>;
  else if (query.isError)
    body = (
      <p className="alerts-message alerts-message--error" role="alert">
        {errorMessage(query.error, ALERT_MESSAGES.failedToFetch)}
      </p>
    );
  else if (alerts.length === 0)
    body = <p className="alerts-message">{sharedText(ALERT_MESSAGES.empty)}</p>;
  else
    body = (
      <ul className="alerts-list">
        {alerts.map((alert) => (
          <li key={alert.id} className={clsx('alert-row', !alert.isRead && 'is-unread')}>
            <button type="button" className="alert-row__open" onClick={() => handleOpen(alert)}>
              {!alert.isRead ? (
                <>
                  <span className="alert-row__dot" aria-hidden="true" />
                  <span className="visually-hidden">{t('panel.unread')} </span>
                </>
              ) : null}
              <span className="alert-row__message">{alert.message}</span>
              <span className="alert-row__date">{alertDate(alert.created_at)}</span>
            </button>
            <button
              type="button"
              className="alert-row__delete"
              aria-label={t('panel.delete')}
              title={t('panel.delete')}
              disabled={remove.isPending && remove.variables === alert.id}
              onClick={() => remove.mutate(alert.id)}
            >
              <TrashIcon />
            </button>
          </li>
        ))}
      </ul>
    );

  const failure = remove.isError
    ? errorMessage(remove.error, ALERT_MESSAGES.failedToDelete)
    : markRead.isError
      ? errorMessage(markRead.error, ALERT_MESSAGES.failedToMarkRead)
      : null;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('panel.title')}
      className="alerts-dialog"
    >
      {failure ? (
        <p className="alerts-message alerts-message--error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="alerts-scroll">{body}</div>
    </Dialog>
  );
}
