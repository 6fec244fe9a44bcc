// Public API of the connections feature. The page is loaded on demand: it is not part of
// the first JavaScript of /auth and /.
import { lazyComponent } from '@/lib/lazy';

export const ConnectionsPage = lazyComponent(() =>
  import('./components/connections-page').then((m) => m.ConnectionsPage),
);
export { useConnectionsText } from './i18n';
