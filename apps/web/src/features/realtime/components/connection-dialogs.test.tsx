import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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
});
