// Public API of the connections feature. The page is loaded on demand: it is not part of
// the first JavaScript of /auth and /.
import { lazy } from 'react';

export const ConnectionsPage = lazy(() =>
  import('./components/connections-page').then((m) => ({ default: m.ConnectionsPage })),
);
export { CONNECTION_TEXT } from './lib/connection-view';
