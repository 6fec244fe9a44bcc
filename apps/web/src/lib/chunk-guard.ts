// The one guard every lazily loaded screen and dialog goes through. A chunk that fails to
// load is tried again (a dropped request, a server restarting); when it still fails the
// cause decides what the member sees:
// - the network (offline, or the server does not answer): the 'Connection to server
//   failed' state, retried when the browser is back online;
// - a deploy replaced the build this tab runs (its hashed files are gone): the tab reloads
//   itself once onto the new build;
// - anything else: the app's own 'Something went wrong – Retry'.

import { reloadPage } from './hard-navigate';
import { textsReady } from './i18n/i18n';

export type ChunkFailureCause = 'network' | 'broken';

/** A screen's code could not be loaded; `kind` chooses the recovery the member is shown. */
export class ChunkLoadError extends Error {
  readonly kind: ChunkFailureCause;
  constructor(kind: ChunkFailureCause, original: unknown) {
    super(original instanceof Error ? original.message : 'Failed to load part of the app');
    this.name = 'ChunkLoadError';
    this.kind = kind;
  }
}

export const RETRY_DELAYS_MS = [300, 1200];
const RELOADED_FOR_BUILD = 'bidboard:reloaded-for-build';
const CSS_FAILURE = /^Unable to preload CSS for (.+)$/;

// Vite leaves a stylesheet whose preload failed in the page and never asks for it again, so
// a retried import would show the screen unstyled: the guard loads those sheets itself.
const failedStylesheets = new Set<string>();

/** Vite's 'vite:preloadError' (a chunk or its CSS failed): remembers what to load again. */
export function notePreloadError(error: unknown): void {
  const match = error instanceof Error ? CSS_FAILURE.exec(error.message) : null;
  if (match?.[1]) failedStylesheets.add(match[1]);
}

export function watchPreloadErrors(target: Window = window): void {
  target.addEventListener('vite:preloadError', (event) => {
    notePreloadError((event as Event & { payload?: unknown }).payload);
  });
}

function reloadStylesheet(href: string): Promise<void> {
  const absolute = new URL(href, window.location.href).href;
  for (const old of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    if (old.href === absolute) old.remove();
  }
  return new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = absolute;
    link.onload = () => {
      failedStylesheets.delete(href);
      resolve();
    };
    link.onerror = () => reject(new Error(`Unable to preload CSS for ${href}`));
    document.head.appendChild(link);
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The build this page runs, named by its module scripts (Vite hashes each). All of them:
 * the first is the bundler's runtime, whose hash outlives most deploys, and the entry is
 * the last.
 */
function currentBuild(doc: Document = document): string | null {
  const scripts = [...doc.querySelectorAll<HTMLScriptElement>('script[type="module"][src]')];
  if (scripts.length === 0) return null;
  return scripts
    .map((script) => new URL(script.getAttribute('src') ?? '', window.location.href).pathname)
    .join(' ');
}

function buildIn(html: string): string | null {
  return currentBuild(new DOMParser().parseFromString(html, 'text/html'));
}

/**
 * Why a chunk still fails after its retries. A new build on the server reloads the page once
 * (never twice for the same build, so a broken deploy cannot loop) and returns a promise that
 * does not settle, so the screen keeps waiting while the browser navigates.
 */
export async function diagnoseChunkFailure(error: unknown): Promise<ChunkLoadError> {
  if (!navigator.onLine) return new ChunkLoadError('network', error);
  let html: string;
  try {
    const response = await fetch('/', { cache: 'no-store', headers: { accept: 'text/html' } });
    if (!response.ok) return new ChunkLoadError('network', error);
    html = await response.text();
  } catch {
    return new ChunkLoadError('network', error);
  }
  const served = buildIn(html);
  const running = currentBuild();
  if (served && running && served !== running) {
    if (sessionStorage.getItem(RELOADED_FOR_BUILD) !== served) {
      sessionStorage.setItem(RELOADED_FOR_BUILD, served);
      reloadPage();
      return new Promise<never>(() => undefined);
    }
  }
  return new ChunkLoadError('broken', error);
}

/** Loads a chunk, retrying after short pauses, then throws a diagnosed ChunkLoadError. */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt++) {
    if (attempt > 0) await wait(RETRY_DELAYS_MS[attempt - 1] ?? 0);
    try {
      await Promise.all([...failedStylesheets].map(reloadStylesheet));
      const loaded = await load();
      // The chunk's areas started their catalogues as it was evaluated: its screen waits
      // for its words.
      await textsReady();
      return loaded;
    } catch (error) {
      lastError = error;
      if (!navigator.onLine) break;
    }
  }
  throw await diagnoseChunkFailure(lastError);
}
