import type { Alert } from '@bidboard/shared';
import type { Language } from '@bidboard/shared/i18n/languages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { buildUser } from '@/test/factories';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

function buildAlert(id: number, overrides: Partial<Alert> = {}): Alert {
  return {
    id,
    user_id: 7,
    kind: 'connection_accepted',
    message: `Alert number ${id}`,
    payload: { userId: 20, connectionId: 5 },
    created_at: new Date(2025, 2, 7, 20, 5).toISOString(),
    isRead: false,
    readAt: null,
    ...overrides,
  };
}

function alertsApi(
  alerts: Alert[],
  unread = alerts.filter((a) => !a.isRead).length,
  language: Language = 'en',
) {
  localStorage.setItem('authToken', 'tok');
  return mockFetch({
    'GET /api/auth/me': () => [200, { user: buildUser({ id: 7, language }) }],
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
    'GET /api/alerts': () => [200, { success: true, alerts, unread }],
    'PUT /api/alerts/mark-unread-as-read': (call) => [
      200,
      { success: true, updated: (call.body as { alertIds: number[] }).alertIds.length },
    ],
    'DELETE /api/alerts/2': () => [200, { success: true, id: 2 }],
    'DELETE /api/alerts/3': () => [500, { message: 'Failed to delete alert' }],
  });
}

async function openAlerts() {
  fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
  const menu = await screen.findByRole('dialog', { name: 'Menu' });
  fireEvent.click(within(menu).getByRole('button', { name: /^Alerts/ }));
  return screen.findByRole('dialog', { name: 'Alerts' });
}

describe('Alerts panel', () => {
  it('in French: the panel, its dates in 24-hour time, the delete button and the empty text', async () => {
    await setLanguage('fr-CA');
    alertsApi([buildAlert(2)], 1, 'fr-CA');
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Ouvrir le menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    fireEvent.click(within(menu).getByRole('button', { name: /^Alertes/ }));
    const panel = await screen.findByRole('dialog', { name: 'Alertes' });
    expect(await within(panel).findByText('2025-03-07 20 h 05')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Supprimer l’alerte' })).toBeTruthy();
    expect(within(panel).getByText('Non lue :')).toBeTruthy();
  });

  it('shows the unread dot and bell, lists alerts with their time, and marks them read after 2 s', async () => {
    const api = alertsApi([buildAlert(2), buildAlert(1, { isRead: true })]);
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Alerts (1 unread)' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('img', { name: 'unread' })).toBeTruthy();
    fireEvent.click(within(menu).getByRole('button', { name: /^Alerts/ }));

    const panel = await screen.findByRole('dialog', { name: 'Alerts' });
    expect(await within(panel).findByText('Alert number 2')).toBeTruthy();
    expect(within(panel).getAllByText('03/07/2025 - 8:05 pm')).toHaveLength(2);
    expect(api.callsTo('PUT /api/alerts/mark-unread-as-read')).toHaveLength(0);
    await waitFor(
      () => expect(api.callsTo('PUT /api/alerts/mark-unread-as-read')).toHaveLength(1),
      { timeout: 3000 },
    );
    expect(api.callsTo('PUT /api/alerts/mark-unread-as-read')[0]!.body).toEqual({ alertIds: [2] });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Alerts (1 unread)' })).toBeNull(),
    );
  });

  it('deletes an alert, and says so when deleting fails', async () => {
    const api = alertsApi([buildAlert(3), buildAlert(2)]);
    renderApp('/');
    const panel = await openAlerts();
    const rows = await within(panel).findAllByRole('listitem');
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Delete alert' }));
    await waitFor(() => expect(within(panel).queryByText('Alert number 2')).toBeNull());
    expect(api.callsTo('DELETE /api/alerts/2')).toHaveLength(1);
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Delete alert' }));
    expect(await within(panel).findByText('Failed to delete alert')).toBeTruthy();
    expect(within(panel).getByText('Alert number 3')).toBeTruthy();
  });

  it('goes where the alert is about and closes', async () => {
    alertsApi([buildAlert(4, { kind: 'connection_mutual' })]);
    const { router } = renderApp('/');
    const panel = await openAlerts();
    fireEvent.click(await within(panel).findByText('Alert number 4'));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/connections/20?connectionId=5',
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Alerts' })).toBeNull());
  });

  it('says what will appear when there are no alerts', async () => {
    alertsApi([]);
    renderApp('/');
    expect(screen.queryByRole('button', { name: /unread\)$/ })).toBeNull();
    const panel = await openAlerts();
    expect(
      await within(panel).findByText(
        "No alerts yet. You'll receive notifications when you're outbid or when important updates happen.",
      ),
    ).toBeTruthy();
  });
});
