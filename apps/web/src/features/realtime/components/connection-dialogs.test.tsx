import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { ConnectionDialogs } from './connection-dialogs';

const actions = vi.hoisted(() => ({ reconnect: vi.fn(), reload: vi.fn() }));
vi.mock('@/lib/socket', async (original) => ({
  ...(await original<typeof import('@/lib/socket')>()),
  reconnectRealtime: actions.reconnect,
}));
vi.mock('@/lib/hard-navigate', async (original) => ({
  ...(await original<typeof import('@/lib/hard-navigate')>()),
  reloadPage: actions.reload,
}));

describe('connection status overlays', () => {
  it('after inactivity: Connection Lost with Reconnect', () => {
    render(<ConnectionDialogs status="inactive" />);
    const dialog = screen.getByRole('dialog', { name: 'Connection Lost' });
    fireEvent.click(screen.getByRole('button', { name: 'Reconnect' }));
    expect(actions.reconnect).toHaveBeenCalledOnce();
    expect(dialog).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('when reconnecting gives up: Connection to server failed with Refresh Page', () => {
    render(<ConnectionDialogs status="reconnect-failed" />);
    expect(screen.getByRole('dialog', { name: 'Connection to server failed' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(actions.reload).toHaveBeenCalledOnce();
  });

  it('while reconnecting: a notice, no dialog', () => {
    render(<ConnectionDialogs status="reconnecting" />);
    expect(screen.getByRole('status').textContent).toBe('Reconnecting…');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('in Canadian French: the notice, both dialogs and their buttons', async () => {
    await act(() => setLanguage('fr-CA'));
    try {
      const { rerender } = render(<ConnectionDialogs status="reconnecting" />);
      expect(screen.getByRole('status').textContent).toBe('Reconnexion…');
      rerender(<ConnectionDialogs status="inactive" />);
      const lost = screen.getByRole('dialog', { name: 'Connexion perdue' });
      expect(lost.textContent).toContain(
        'Vous avez été déconnecté après une période d’inactivité.',
      );
      expect(screen.getByRole('button', { name: 'Se reconnecter' })).toBeTruthy();
      rerender(<ConnectionDialogs status="reconnect-failed" />);
      const failed = screen.getByRole('dialog', { name: 'Connexion au serveur impossible' });
      expect(failed.textContent).toContain('Nous n’avons pas pu joindre le serveur');
      expect(screen.getByRole('button', { name: 'Actualiser la page' })).toBeTruthy();
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});
