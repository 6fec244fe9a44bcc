// Public API of the settings feature: the Profile Settings overlay.
export { ProfileSettingsOverlay } from './components/profile-settings-overlay';
