// Full page navigation; the spec reloads the page after sign-in so every cache starts fresh.
export function hardNavigate(path: string): void {
  window.location.assign(path);
}

/** Reloads the current page (the 'Refresh Page' recovery for a failed realtime connection). */
export function reloadPage(): void {
  window.location.reload();
}
