// The app's own error screen (never the router's developer page): shown in the app frame
// when a screen or dialog fails to render, usually because its code could not be loaded.
// When the network is the cause it is the 'Connection to server failed' dialog of
// marketplace §2 Overlays over the app frame, and it tries again by itself once the
// browser is back online.
import { useCallback, useEffect } from 'react';
import { Link, useLocation, useNavigate, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { Screen } from '@/components/ui/screen';
import { ScreenPlaceholder } from '@/components/ui/screen-placeholder';
import { ChunkLoadError } from '@/lib/chunk-guard';
import { forgetFailedLoads } from '@/lib/lazy';
import { useAppText } from './i18n';
import { OfflineDialog } from './offline-dialog';

export function ScreenError() {
  const t = useAppText();
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  const offline = error instanceof ChunkLoadError && error.kind === 'network';
  // A navigation to the same place resets the router's error boundary and renders the
  // screen again; the lazy loader then fetches its code afresh.
  const retry = useCallback(() => {
    forgetFailedLoads();
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [navigate, location]);

  useEffect(() => {
    if (!offline) return;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [offline, retry]);

  return (
    <>
      <header className="app-bar">
        <Link to="/" className="app-bar__home" aria-label={t('home')}>
          <Logo size="sm" />
        </Link>
      </header>
      <Screen>
        {offline ? (
          <OfflineDialog onRefresh={retry} />
        ) : (
          <div role="alert">
            <ScreenPlaceholder title={t('error.title')} description={t('error.text')}>
              <Button onClick={retry}>{t('error.retry')}</Button>
            </ScreenPlaceholder>
          </div>
        )}
      </Screen>
    </>
  );
}
