import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { useUnreadAlerts } from './use-unread-alerts';

const realtime = await vi.hoisted(async () =>
  (await import('@/test/fake-socket')).createFakeRealtime(),
);
vi.mock('@/lib/socket', (original) => realtime.module(original));

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
    realtime.setStatus('reconnecting');
    unread = 2;
    realtime.setStatus('connected');
    await screen.findByText('unread 2');
    expect(api.callsTo('GET /api/alerts')).toHaveLength(2);

    realtime.setStatus('connected');
    await waitFor(() => expect(api.callsTo('GET /api/alerts')).toHaveLength(2));
  });
});
