import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RealtimeStatus } from '@/lib/socket';
import { createFakeSocket } from '@/test/fake-socket';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { useUnreadAlerts } from './use-unread-alerts';

const fake = createFakeSocket();
const realtime = vi.hoisted(() => ({
  status: 'connected' as RealtimeStatus,
  listeners: new Set<() => void>(),
}));
vi.mock('@/lib/socket', async (original) => ({
  ...(await original<typeof import('@/lib/socket')>()),
  getRealtimeSocket: () => fake.socket,
  getRealtimeStatus: () => realtime.status,
  subscribeRealtimeStatus: (listener: () => void) => {
    realtime.listeners.add(listener);
    return () => realtime.listeners.delete(listener);
  },
}));

function setRealtime(status: RealtimeStatus) {
  act(() => {
    realtime.status = status;
    for (const listener of realtime.listeners) listener();
  });
}

function Bell() {
  return <p>unread {useUnreadAlerts(true)}</p>;
}

describe('the unread alert count', () => {
  it('is read again when the connection is back after a drop, not on every status change', async () => {
    localStorage.setItem('authToken', 'tok');
    let unread = 0;
    const api = mockFetch({
      'GET /api/alerts': () => [200, { success: true, alerts: [], unread }],
    });
    renderWithProviders(<Bell />);
    await screen.findByText('unread 0');

    // A close's alerts went out while this member's connection was down: no event arrives.
    setRealtime('reconnecting');
    unread = 2;
    setRealtime('connected');
    await screen.findByText('unread 2');
    expect(api.callsTo('GET /api/alerts')).toHaveLength(2);

    setRealtime('connected');
    await waitFor(() => expect(api.callsTo('GET /api/alerts')).toHaveLength(2));
  });
});
