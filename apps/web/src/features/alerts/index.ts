// Public API of the alerts feature: the unread count and bell (always loaded for members)
// and the panel, which is loaded on demand when first opened.
import { lazy } from 'react';

export { AlertsBell } from './components/alerts-bell';
export { useUnreadAlerts } from './hooks/use-unread-alerts';
export const AlertsPanel = lazy(() =>
  import('./components/alerts-panel').then((m) => ({ default: m.AlertsPanel })),
);
