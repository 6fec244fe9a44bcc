// Browser entry: global styles, providers and the router.
import './lib/schema-runtime';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { watchPreloadErrors } from './lib/chunk-guard';
import { watchInstallability } from './lib/install-app';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

watchPreloadErrors();
watchInstallability();

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);
