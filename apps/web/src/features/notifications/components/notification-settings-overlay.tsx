// Notification Settings overlay (accounts §2): this device's browser notifications, the
// account's SMS texts and whether bid alerts (outbid, auction won) reach the member away
// from the app. Visitors see the switches disabled with a prompt to sign in.
import { NOTIFICATION_MESSAGES } from '@bidboard/shared';
import { Button, ButtonLink } from '@/components/ui/button';
import { FieldError, SaveIndicator } from '@/components/ui/settings-field/settings-field';
import { Dialog } from '@/components/ui/sheet';
import { ToggleSwitch } from '@/components/ui/toggle-switch';
import { useCurrentUser } from '@/features/auth';
import { needsHomeScreenForPush, promptInstall, useInstallOffer } from '@/lib/install-app';
import { useBrowserNotifications } from '../hooks/use-browser-notifications';
import { useNotificationSwitch } from '../hooks/use-notification-switch';
import './notification-settings.css';

interface NotificationSettingsOverlayProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function NotificationSettingsOverlay({
  open,
  onOpenChange,
}: NotificationSettingsOverlayProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Notification Settings"
      className="notification-settings"
    >
      <NotificationSettings onNavigate={() => onOpenChange(false)} />
    </Dialog>
  );
}

export function NotificationSettings({ onNavigate }: { onNavigate?: () => void }) {
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
          <p>Sign in to choose how we reach you about bids and connections.</p>
          <ButtonLink to="/auth" size="md" onClick={onNavigate}>
            Join / Sign In
          </ButtonLink>
        </div>
      ) : null}

      {installOffered ? (
        <section className="notification-card" aria-label="Install the app">
          <p className="notification-card__note">
            Install Bidboard for a full-screen app and notifications like any other app.
          </p>
          <Button size="md" onClick={() => void promptInstall()}>
            Install the app
          </Button>
        </section>
      ) : null}

      <section className="notification-card" aria-label="Browser notifications">
        {homeScreenFirst ? (
          <p className="notification-card__note">
            On iPhone, notifications reach Bidboard only from the Home Screen: tap Share, then Add
            to Home Screen, open Bidboard from there and turn them on.
          </p>
        ) : null}
        <ToggleSwitch
          label="Browser notifications"
          description="Get outbid alerts and connection updates on this device."
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
              Send test notification
            </Button>
            {browser.testMessage ? (
              <p
                className={
                  browser.testMessage.ok ? 'notification-card__ok' : 'settings-field__error'
                }
                role="status"
              >
                {browser.testMessage.text}
              </p>
            ) : null}
          </div>
        ) : null}
      </section>

      <section className="notification-card" aria-label="SMS notifications">
        <ToggleSwitch
          label="SMS notifications"
          description={NOTIFICATION_MESSAGES.smsConsent}
          checked={sms.checked}
          disabled={isVisitor}
          busy={sms.status === 'saving'}
          status={<SaveIndicator status={sms.status} />}
          onCheckedChange={(next) => void sms.toggle(next)}
        />
        <FieldError message={sms.error} />
        {user?.twilio_stop ? (
          <p className="notification-card__note">
            You replied STOP to our texts. Reply START to receive them again.
          </p>
        ) : null}
      </section>

      <section className="notification-card" aria-label="Bid notifications">
        <ToggleSwitch
          label="Bid notifications"
          description="Outbid and auction-won alerts also reach you by browser notification and text, where those are on."
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
