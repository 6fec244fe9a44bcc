import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog, Sheet } from './sheet';

function Opener({ kind }: { kind: 'sheet' | 'dialog' }) {
  const [open, setOpen] = useState(false);
  const Panel = kind === 'sheet' ? Sheet : Dialog;
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open menu
      </button>
      <Panel open={open} onOpenChange={setOpen} title="Menu">
        <button type="button" onClick={() => setOpen(false)}>
          Done
        </button>
      </Panel>
    </>
  );
}

const popstate = () =>
  act(async () => {
    await new Promise<void>((resolve) => {
      window.addEventListener('popstate', () => resolve(), { once: true });
      window.setTimeout(resolve, 300);
      history.back();
    });
  });

// A closed panel takes its history entry back a moment later; let it land between tests.
afterEach(() => act(() => new Promise((resolve) => setTimeout(resolve, 150))));

describe.each(['sheet', 'dialog'] as const)('%s', (kind) => {
  it('returns focus to the control that opened it when closed by Escape', async () => {
    const user = userEvent.setup();
    render(<Opener kind={kind} />);
    const opener = screen.getByRole('button', { name: 'Open menu' });
    await user.click(opener);
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('returns focus to the opener when closed by its own button, leaving no history entry', async () => {
    const user = userEvent.setup();
    const panelKey = () => (history.state as { panelKey?: string } | null)?.panelKey;
    render(<Opener kind={kind} />);
    const opener = screen.getByRole('button', { name: 'Open menu' });
    const keyBefore = panelKey();
    await user.click(opener);
    expect(panelKey()).toBeTruthy();
    expect(panelKey()).not.toBe(keyBefore);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(panelKey()).toBe(keyBefore));
    expect(document.activeElement).toBe(opener);
  });

  it('closes on the browser Back button instead of leaving the page', async () => {
    const user = userEvent.setup();
    render(<Opener kind={kind} />);
    const opener = screen.getByRole('button', { name: 'Open menu' });
    const path = location.pathname;
    await user.click(opener);
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeTruthy();
    await popstate();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location.pathname).toBe(path);
    expect(document.activeElement).toBe(opener);
  });
});

describe.each(['{Escape}', 'close button'] as const)('a panel closed by %s', (how) => {
  it('is gone only once its history entry is, leaving no back pending', async () => {
    const user = userEvent.setup();
    const panelKey = () => (history.state as { panelKey?: string } | null)?.panelKey;
    render(<Opener kind="dialog" />);
    const keyBefore = panelKey();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    // What history holds at the moment the panel leaves the page: a reload or a new address
    // made as soon as it is gone must find no history step of the panel's still to come.
    let keyAsItCloses: string | undefined = 'still open';
    const watch = new MutationObserver(() => {
      if (keyAsItCloses === 'still open' && !screen.queryByRole('dialog')) {
        keyAsItCloses = panelKey();
      }
    });
    watch.observe(document.body, { childList: true, subtree: true });
    const back = vi.spyOn(window.history, 'back');
    if (how === '{Escape}') await user.keyboard(how);
    else await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    watch.disconnect();
    expect(keyAsItCloses).toBe(keyBefore);
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(back).toHaveBeenCalledOnce();
    expect(panelKey()).toBe(keyBefore);
    back.mockRestore();
  });
});

describe('a panel closed by the page as its page is left', () => {
  it('leaves its entry, so the reload or new address is not cancelled by a back', async () => {
    const user = userEvent.setup();
    const back = vi.spyOn(window.history, 'back');
    render(<Opener kind="sheet" />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    window.dispatchEvent(new Event('beforeunload'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(back).not.toHaveBeenCalled();
    back.mockRestore();
  });
});

describe('a panel unmounted as its page goes away', () => {
  it('takes its entry back on the page it opened in, without the global history', async () => {
    const user = userEvent.setup();
    const pageHistory = window.history;
    const { unmount } = render(<Opener kind="sheet" />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const back = vi.spyOn(pageHistory, 'back');
    unmount();
    // A test's window is torn down before the closing panel's timer fires.
    vi.stubGlobal('history', undefined);
    try {
      await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    } finally {
      vi.unstubAllGlobals();
    }
    expect(back).toHaveBeenCalledOnce();
    back.mockRestore();
  });
});

function ClosesToNavigate() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open alerts
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Alerts">
        <button
          type="button"
          onClick={() => {
            setOpen(false);
            void navigate('/results');
          }}
        >
          See results
        </button>
      </Dialog>
    </>
  );
}

describe('a panel closed to navigate', () => {
  it('leaves the router at the destination, Back returning to the page under it', async () => {
    const user = userEvent.setup();
    history.replaceState(null, '', '/board');
    const router = createBrowserRouter([
      { path: '/board', element: <ClosesToNavigate /> },
      { path: '/results', element: <p>Results</p> },
    ]);
    render(<RouterProvider router={router} />);
    await user.click(screen.getByRole('button', { name: 'Open alerts' }));
    await user.click(screen.getByRole('button', { name: 'See results' }));
    await screen.findByText('Results');
    await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
    expect(location.pathname).toBe('/results');
    expect(screen.getByText('Results')).toBeTruthy();
    await popstate();
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(location.pathname).toBe('/board');
    router.dispose();
  });
});
