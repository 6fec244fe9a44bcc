import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScreenError } from '@/app/screen-error';
import { notePreloadError } from './chunk-guard';
import { reloadPage } from './hard-navigate';
import { setLanguage } from './i18n';
import { lazyComponent } from './lazy';

vi.mock('./hard-navigate', () => ({ reloadPage: vi.fn(), hardNavigate: vi.fn() }));

const RUNNING = '/assets/index-old.js';

function serveIndex(entry: string | null) {
  const fetchMock = vi.fn(async () =>
    entry === null
      ? Promise.reject(new TypeError('Failed to fetch'))
      : new Response(`<html><script type="module" src="${entry}"></script></html>`),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderLazy(load: () => Promise<ComponentType>) {
  const Lazy = lazyComponent(load);
  const router = createMemoryRouter(
    [{ path: '/', errorElement: <ScreenError />, element: <Lazy /> }],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
}

const Loaded = () => <p>Loaded screen</p>;
const chunkFailure = () =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

beforeEach(() => {
  const script = document.createElement('script');
  script.type = 'module';
  script.src = RUNNING;
  document.head.appendChild(script);
  sessionStorage.clear();
  vi.mocked(reloadPage).mockClear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  for (const s of document.head.querySelectorAll('script')) s.remove();
  vi.restoreAllMocks();
});

describe('the lazy screen guard', () => {
  it('retries a chunk that failed once and shows the screen', async () => {
    const load = vi.fn().mockImplementationOnce(chunkFailure).mockResolvedValue(Loaded);
    renderLazy(load);
    expect(await screen.findByText('Loaded screen', {}, { timeout: 3000 })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("shows the app's own 'Something went wrong' with a Retry that loads the screen", async () => {
    serveIndex(RUNNING);
    let broken = true;
    const load = vi.fn(() => (broken ? chunkFailure() : Promise.resolve(Loaded)));
    renderLazy(load);
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.queryByText(/Hey developer/)).toBeNull();
    expect(reloadPage).not.toHaveBeenCalled();
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Loaded screen')).toBeTruthy();
  });

  it('shows the connection failure when the server cannot be reached, and loads when back online', async () => {
    serveIndex(null);
    let broken = true;
    renderLazy(() => (broken ? chunkFailure() : Promise.resolve(Loaded)));
    // The §2 dialog (modal), not an in-page panel.
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Connection to server failed' },
      { timeout: 4000 },
    );
    expect(dialog.tagName).toBe('DIALOG');
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
    broken = false;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Loaded screen')).toBeTruthy();
  });

  it('reloads an old tab once onto a new build, never twice for the same build', async () => {
    serveIndex('/assets/index-new.js');
    renderLazy(chunkFailure);
    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1), { timeout: 4000 });
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();

    renderLazy(chunkFailure);
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }, { timeout: 4000 }),
    ).toBeTruthy();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('loads a stylesheet again whose preload failed, since Vite never asks for it twice', async () => {
    notePreloadError(new Error('Unable to preload CSS for /assets/menu-sheet-abc.css'));
    const appended = vi.spyOn(document.head, 'appendChild').mockImplementation((node) => {
      queueMicrotask(() => (node as HTMLLinkElement).onload?.(new Event('load')));
      return node;
    });
    renderLazy(() => Promise.resolve(Loaded));
    expect(await screen.findByText('Loaded screen')).toBeTruthy();
    const link = appended.mock.calls[0]?.[0] as HTMLLinkElement;
    expect(link.href).toBe('http://localhost:3000/assets/menu-sheet-abc.css');
  });
});

describe('the lazy screen guard in Canadian French', () => {
  it('says a screen failed, or the server cannot be reached, in French', async () => {
    await act(() => setLanguage('fr-CA'));
    try {
      serveIndex(RUNNING);
      renderLazy(chunkFailure);
      expect(
        await screen.findByRole('heading', { name: 'Un problème est survenu' }, { timeout: 4000 }),
      ).toBeTruthy();
      expect(
        screen.getByText('Cette partie de l’application ne s’est pas chargée. Veuillez réessayer.'),
      ).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Accueil de Bidboard' })).toBeTruthy();

      serveIndex(null);
      renderLazy(chunkFailure);
      expect(
        await screen.findByRole(
          'dialog',
          { name: 'Connexion au serveur impossible' },
          { timeout: 4000 },
        ),
      ).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Actualiser la page' })).toBeTruthy();
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});
