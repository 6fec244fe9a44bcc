// Notification Settings overlay (accounts §2): this device's browser notifications, the
// account's SMS texts and whether bid alerts (outbid, auction won) reach the member away
// from the app. Visitors see the switches disabled with a prompt to sign in.
import { NOTIFICATION_MESSAGES } from '@bidboard/shared';
import { Button, ButtonLink } from '@/components/ui/button';
import { FieldError, SaveIndicator } from '@/components/ui/settings-field/settings-field';
import { Dialog } from '@/components/ui/sheet';
import { ToggleSwitch } from '@/components/ui/toggle-switch';
import { useCurrentUser } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { useSharedText } from '@/lib/i18n';
import { needsHomeScreenForPush, promptInstall, useInstallOffer } from '@/lib/install-app';
import { useBrowserNotifications } from '../hooks/use-browser-notifications';
import { useNotificationSwitch } from '../hooks/use-notification-switch';
import { useNotificationsText } from '../i18n';
import './notification-settings.css';

interface NotificationSettingsOverlayProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function NotificationSettingsOverlay({
  open,
  onOpenChange,
}: NotificationSettingsOverlayProps) {
  const t = useNotificationsText();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('title')}
      className="notification-settings"
    >
      <NotificationSettings onNavigate={() => onOpenChange(false)} />
    </Dialog>
  );
}

export function NotificationSettings({ onNavigate }: { onNavigate?: () => void }) {
  const t = useNotificationsText();
  const { sharedText } = useSharedText();
  const user = useCurrentUser();
  const isVisitor = user === null;
  const browser = useBrowserNotifications(!isVisitor);
  const sms = useNotificationSwitch(user, 'sms_notification', NOTIFICATION_MESSAGES.smsFailed);
  const bids = useNotificationSwitch(user, 'bid_notification', NOTIFICATION_MESSAGES.updateFailed);
  const installOffered = useInstallOffer();
  const homeScreenFirst = needsHomeScreenForPush();

  return (
    <div className="notification-settings__body">
      {isVisitor ? (
        <div className="notification-settings__prompt">
          <p>{t('visitor.text')}</p>
          <ButtonLink to="/auth" size="md" onClick={onNavigate}>
            {t('visitor.join')}
          </ButtonLink>
        </div>
      ) : null}

      {installOffered ? (
        <section className="notification-card" aria-label={t('install.label')}>
          <p className="notification-card__note">{t('install.text')}</p>
          <Button size="md" onClick={() => void promptInstall()}>
            {t('install.button')}
          </Button>
        </section>
      ) : null}

      <section className="notification-card" aria-label={t('browser.label')}>
        {homeScreenFirst ? <p className="notification-card__note">{t('browser.iphone')}</p> : null}
        <ToggleSwitch
          label={t('browser.label')}
          description={t('browser.description')}
          checked={browser.on}
          disabled={isVisitor}
          busy={browser.busy}
          onCheckedChange={(next) => void browser.toggle(next)}
        />
        <FieldError message={browser.error} />
        {browser.on && !isVisitor ? (
          <div className="notification-card__test">
            <Button
              variant="secondary"
              size="md"
              disabled={browser.busy}
              onClick={() => void browser.sendTest()}
            >
              {t('test.send')}
            </Button>
            {browser.testMessage ? (
              <p
                className={
                  browser.testMessage.ok ? 'notification-card__ok' : 'settings-field__error'
                }
                role="status"
              >
                {browser.testMessage.ok
                  ? t('test.sent')
                  : errorMessage(browser.testMessage.failure, t('test.failed'))}
              </p>
            ) : null}
          </div>
        ) : null}
      </section>

      <section className="notification-card" aria-label={t('sms.label')}>
        <ToggleSwitch
          label={t('sms.label')}
          description={sharedText(NOTIFICATION_MESSAGES.smsConsent)}
          checked={sms.checked}
          disabled={isVisitor}
          busy={sms.status === 'saving'}
          status={<SaveIndicator status={sms.status} />}
          onCheckedChange={(next) => void sms.toggle(next)}
        />
        <FieldError message={sms.error} />
        {user?.twilio_stop ? <p className="notification-card__note">{t('sms.stopped')}</p> : null}
      </section>

      <section className="notification-card" aria-label={t('bids.label')}>
        <ToggleSwitch
          label={t('bids.label')}
          description={t('bids.description')}
          checked={bids.checked}
          disabled={isVisitor}
          busy={bids.status === 'saving'}
          status={<SaveIndicator status={bids.status} />}
          onCheckedChange={(next) => void bids.toggle(next)}
        />
        <FieldError message={bids.error} />
      </section>
    </div>
  );
}
