// Public API of the notifications feature: the Notification Settings overlay.
export { NotificationSettingsOverlay } from './components/notification-settings-overlay';
