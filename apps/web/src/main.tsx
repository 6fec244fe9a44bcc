// Browser entry: global styles, providers and the router.
import './lib/schema-runtime';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter, preloadFirstScreen } from './app/router';
import { watchPreloadErrors } from './lib/chunk-guard';
import { textsReady } from './lib/i18n';
import { watchInstallability } from './lib/install-app';

/** Runs `then` once the page has painted (the words no first screen shows load then). */
function afterFirstPaint(then: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    then();
  };
  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      once();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing in this browser: the fallback below.
  }
  setTimeout(once, 5000);
}

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

watchPreloadErrors();
watchInstallability();
preloadFirstScreen(window.location.pathname);

// The first screen draws in the member's language: its catalogues are downloading since
// their areas were evaluated. A catalogue that cannot be downloaded does not keep the app
// from starting (its screens show their keys until a lazy load retries it).
void textsReady()
  .catch(() => undefined)
  .then(() => {
    createRoot(container).render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={createAppRouter()} />
        </AppProviders>
      </StrictMode>,
    );
    afterFirstPaint(() => void textsReady({ later: true }).catch(() => undefined));
  });
