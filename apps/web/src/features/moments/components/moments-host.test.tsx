import type { Alert } from '@bidboard/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/test/factories';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

function buildAlert(id: number, overrides: Partial<Alert> = {}): Alert {
  return {
    id,
    user_id: 7,
    kind: 'auction_won',
    message: 'You won the auction for maya with 120 tokens. Waiting for them to accept.',
    payload: { userId: 20, connectionId: 5 },
    created_at: new Date(2025, 2, 7, 20, 5).toISOString(),
    isRead: false,
    readAt: null,
    ...overrides,
  };
}

function api(alerts: Alert[]) {
  localStorage.setItem('authToken', 'tok');
  return mockFetch({
    'GET /api/auth/me': () => [200, { user: buildUser({ id: 7 }) }],
    'GET /api/checkTokens': () => [200, { claimed: true, message: '' }],
    'GET /api/auctions/current-period': () => [404, { message: 'none' }],
    'POST /api/auctions': () => [200, { auctions: [] }],
    'POST /api/connections': () => [
      200,
      {
        success: true,
        connections: [],
        pagination: { limit: 10, offset: 0, returned: 0, has_more: false },
      },
    ],
    'GET /api/alerts': () => [
      200,
      { success: true, alerts, unread: alerts.filter((a) => !a.isRead).length },
    ],
  });
}

describe('Moments', () => {
  it("shows 'You won!' on load for an unread auction_won alert, with the result and the next step, once", async () => {
    api([buildAlert(1)]);
    const first = renderApp('/');
    const dialog = await screen.findByRole('dialog', { name: 'You won!' });
    expect(dialog.textContent).toContain('You won the auction for maya with 120 tokens.');
    fireEvent.click(screen.getByRole('button', { name: 'See your connection' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'You won!' })).toBeNull());
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/connections/20'));
    first.unmount();

    // The board reloads (the close): the moment already shown does not come back.
    renderApp('/');
    await screen.findByRole('heading', { name: 'Bid Board' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('dialog', { name: 'You won!' })).toBeNull();
  });

  it("shows 'It's mutual!' when both have written, and Later puts it away", async () => {
    api([
      buildAlert(2, {
        kind: 'connection_mutual',
        message: "You and maya are talking. It's mutual!",
      }),
      buildAlert(3, { isRead: true }),
    ]);
    renderApp('/');
    await screen.findByRole('dialog', { name: "It's mutual!" });
    expect(screen.getByRole('button', { name: 'Open the conversation' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // A read auction_won alert is no moment.
    expect(screen.queryByRole('dialog', { name: 'You won!' })).toBeNull();
  });
});
