// Vite config for the web app; vitest's 'web' project extends it (alias, React plugin).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { faceModels } from './build/face-models';

const appDir = decodeURIComponent(new URL('.', import.meta.url).pathname);
const apiOrigin = 'http://localhost:3000';

// The production server sends this policy; preview sends it too so that a violation
// shows up before deployment.
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self' ws: wss: blob: data:",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

export default defineConfig({
  root: appDir,
  plugins: [react(), faceModels()],
  resolve: { alias: { '@': `${appDir}src` } },
  build: {
    outDir: `${appDir}dist`,
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Framework and library code changes rarely; separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
            // Loaded on demand only (photo picker, face check): kept out of 'vendor' so the
            // first page does not download them.
            { name: 'face-model', test: /node_modules[\\/]@vladmandic[\\/]/ },
            {
              name: 'uploader',
              test: /node_modules[\\/](@uppy|@transloadit|cropperjs|exifr|is-mobile|mime-match|namespace-emitter|p-queue|p-retry|preact|shallow-equal|eventemitter3|retry)[\\/]/,
            },
            { name: 'vendor', test: /node_modules/ },
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
