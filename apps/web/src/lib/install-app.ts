// Installing the app (issue 20 item 11): the service worker is registered on the first
// visit, the browser's install offer (beforeinstallprompt, Chromium) is kept for the
// 'Install the app' button, and an iPhone, which offers no prompt and delivers web push only
// to a web app added to the Home Screen, is told how to add it.
import { useSyncExternalStore } from 'react';

export const SERVICE_WORKER_URL = '/sw.js';

interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** Call once at start-up: keeps the browser's install offer and registers the worker. */
export function watchInstallability(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    // Not the browser's own mini-infobar: the offer shows in Notification Settings.
    event.preventDefault();
    offer = event as InstallPromptEvent;
    notify();
  });
  target.addEventListener('appinstalled', () => {
    offer = null;
    notify();
  });
  if ('serviceWorker' in navigator) {
    const register = () => {
      navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => {
        // No worker (private mode, an old browser): the app works; only push is unavailable.
      });
    };
    if (document.readyState === 'complete') register();
    else target.addEventListener('load', register, { once: true });
  }
}

/** Shows the browser's install dialog; the offer is used up either way. */
export async function promptInstall(): Promise<boolean> {
  const pending = offer;
  if (!pending) return false;
  offer = null;
  notify();
  await pending.prompt();
  return (await pending.userChoice).outcome === 'accepted';
}

export function useInstallOffer(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offer !== null,
    () => false,
  );
}

/** An iPhone or iPad browser tab (not the installed app): push needs the Home Screen first. */
export function needsHomeScreenForPush(
  nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints' | 'platform'> = navigator,
  standalone: boolean = isStandalone(),
): boolean {
  const iOS =
    /iPhone|iPad|iPod/.test(nav.userAgent) ||
    (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1);
  return iOS && !standalone;
}

function isStandalone(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}
