// Screens and overlays that are not on the first paint of /auth or / load on demand
// (React.lazy + dynamic import), so the first page downloads only what it shows. Every one
// loads through the chunk guard (retries, then a diagnosed error for the route's error
// screen). React.lazy remembers a failure for good, so a failed component is rebuilt when
// the error screen's Retry asks (not at once: React would render the fresh one and the
// failure would never reach the error screen).
import { type ComponentType, lazy } from 'react';
import { loadChunk } from './chunk-guard';

export interface Preloadable<P> {
  Component: ComponentType<P>;
  /** Starts the download early (e.g. on pointer down), so the component shows at once. */
  preload: () => Promise<unknown>;
}

const failedLoads = new Set<() => void>();

/** Lets every component whose code failed to load try again on its next render. */
export function forgetFailedLoads(): void {
  for (const rebuild of failedLoads) rebuild();
  failedLoads.clear();
}

function retryableLazy<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const fresh = () =>
    lazy(async () => {
      try {
        return { default: await load() };
      } catch (error) {
        failedLoads.add(() => {
          current = fresh();
        });
        throw error;
      }
    });
  let current = fresh();
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen at module load, like React.lazy itself
  return function Guarded(props: P) {
    const Current = current;
    return <Current {...props} />;
  };
}

export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  return retryableLazy(() => loadChunk(load));
}

export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
): Preloadable<P> {
  let pending: Promise<ComponentType<P>> | null = null;
  const once = () => {
    pending ??= loadChunk(load).catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
  // An early download that fails is not an error yet: rendering the component tries again.
  return { Component: retryableLazy(once), preload: () => once().catch(() => undefined) };
}
