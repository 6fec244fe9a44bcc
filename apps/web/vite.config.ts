// Vite config for the web app; vitest's 'web' project extends it (alias, React plugin).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { catalogues } from './build/catalogues';
import { faceModels } from './build/face-models';
import { keepPreviousAssets } from './build/keep-previous-assets';
import { precompress } from './build/precompress';

const appDir = decodeURIComponent(new URL('.', import.meta.url).pathname);
const apiOrigin = 'http://localhost:3000';

// The production server (apps/server/src/app.ts) sends this policy; preview sends it too
// so that a violation shows up before deployment.
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss: blob: data:",
  "worker-src 'self' blob:",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export default defineConfig({
  root: appDir,
  plugins: [react(), catalogues(), faceModels(), keepPreviousAssets(), precompress()],
  resolve: { alias: { '@': `${appDir}src` } },
  build: {
    outDir: `${appDir}dist`,
    // Not emptied: an open tab still asks for the previous build's chunks after a deploy;
    // keepPreviousAssets deletes them once their grace period is over.
    emptyOutDir: false,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // React and the router change rarely: their own chunk stays cached across deploys.
        // Everything else is split where it is imported, so a lazily loaded screen brings
        // its libraries with it instead of adding them to the first page.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
            { name: 'face-model', test: /node_modules[\\/]@vladmandic[\\/]/ },
            // The Bid Board's screen in one file with the card parts other screens share
            // (the connections page loads it for them): split at every shared module, the
            // first paint of / downloaded a dozen small files and their gzip overheads. Apart
            // from it: its catalogues (each downloaded in the language on screen only) and the
            // bidding slide (bid-board/bidding), which loads when a member turns a card. Not
            // components/ui/i18n: the first page's own pieces (the unread buttons, the copy
            // text) speak from its catalogue, and a first page importing it from this chunk
            // made the two chunks import each other (this one ran first: a blank page).
            {
              name: 'bid-board',
              test: /src[\\/](features[\\/]bid-board[\\/](?!bidding[\\/]|locales[\\/])|app[\\/]routes[\\/](home|user-board)|components[\\/]ui[\\/](profile-details|profile-card|feed)|features[\\/]safety[\\/]components[\\/]member-safety-button)/,
              // Only these: what else they import stays where /auth can have it alone.
              includeDependenciesRecursively: false,
            },
            // Everything the first page imports in one file: the modules it shares with lazy
            // screens would otherwise each be a small file of their own.
            { name: 'first', tags: ['$initial'], test: /src[\\/]|node_modules[\\/]@lingui/ },
            {
              name: 'uploader',
              test: /node_modules[\\/](@uppy|@transloadit|cropperjs|exifr|is-mobile|mime-match|namespace-emitter|p-queue|p-retry|preact|shallow-equal|eventemitter3|retry)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: true },
      '/socket.io': { target: apiOrigin, ws: true, changeOrigin: true },
    },
  },
  preview: {
    headers: { 'Content-Security-Policy': contentSecurityPolicy },
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: true },
      '/socket.io': { target: apiOrigin, ws: true, changeOrigin: true },
    },
  },
});
