// Screens and overlays that are not on the first paint of /auth or / load on demand
// (React.lazy + dynamic import), so the first page downloads only what it shows.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export interface Preloadable<P> {
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Starts the download early (e.g. on pointer down), so the component shows at once. */
  preload: () => Promise<unknown>;
}

export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: await load() }));
}

export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
): Preloadable<P> {
  let pending: Promise<ComponentType<P>> | null = null;
  const once = () => {
    pending ??= load();
    return pending;
  };
  return { Component: lazyComponent(once), preload: once };
}
