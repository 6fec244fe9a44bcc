// Public API of the alerts feature: the unread count and bell (always loaded for members)
// and the panel, which is loaded on demand when first opened.
import { lazyComponent } from '@/lib/lazy';

export { AlertsBell } from './components/alerts-bell';
export { useUnreadAlerts } from './hooks/use-unread-alerts';
export const AlertsPanel = lazyComponent(() =>
  import('./components/alerts-panel').then((m) => m.AlertsPanel),
);
