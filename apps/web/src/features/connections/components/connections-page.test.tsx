import type { Connection } from '@bidboard/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { stubCarouselApis } from '@/test/carousel';
import { buildConnection, buildUser } from '@/test/factories';
import { createFakeSocket } from '@/test/fake-socket';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import en from '../locales/en.json';

const fake = createFakeSocket();
vi.mock('@/lib/socket', async (original) => ({
  ...(await original<typeof import('@/lib/socket')>()),
  getRealtimeSocket: () => fake.socket,
}));

function page(connections: Connection[], hasMore = false) {
  return {
    success: true,
    connections,
    pagination: { limit: 10, offset: 0, returned: connections.length, has_more: hasMore },
  };
}

/** Each call answers the next page; `reloads` answers every call as a whole list instead. */
function connectionsApi(
  pages: Connection[][],
  options: { put?: () => [number, unknown]; reloads?: boolean } = {},
) {
  localStorage.setItem('authToken', 'tok');
  let n = 0;
  return mockFetch({
    'GET /api/auth/me': () => [200, { user: buildUser({ id: 7 }) }],
    'GET /api/alerts': () => [200, { success: true, alerts: [], unread: 0 }],
    'GET /api/checkTokens': () => [200, { claimed: true, message: '' }],
    'POST /api/connections': () => {
      const current = pages[n] ?? [];
      n += 1;
      return [200, page(current, !options.reloads && n < pages.length)];
    },
    'PUT /api/connections/5/status': options.put ?? (() => [200, { success: true }]),
  });
}

const card = (name: string) => screen.findByRole('article', { name });

describe('Connections page', () => {
  beforeEach(stubCarouselApis);

  it('the owner of a pending connection sees Act Now, and accepting asks first', async () => {
    const owner = buildConnection({
      is_user: false,
      is_partner: true,
      user_id: 20,
      partner_id: 7,
      expires_at: new Date(Date.now() + 20 * 3_600_000).toISOString(),
    });
    const api = connectionsApi([[owner]]);
    renderApp('/connections');
    const theo = await card('theo, 31');
    expect(within(theo).getByRole('button', { name: 'Act Now' })).toBeTruthy();
    expect(within(theo).getByText('Earn the bid amount after you accept and engage.')).toBeTruthy();
    expect(within(theo).getByText('No bio available')).toBeTruthy();
    expect(within(theo).getByText(/Answer within 20 hours/)).toBeTruthy();

    fireEvent.click(within(theo).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('dialog', { name: 'Do you confirm accepting?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('PUT /api/connections/5/status')).toHaveLength(0);

    fireEvent.click(within(theo).getByRole('button', { name: 'Accept' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.callsTo('PUT /api/connections/5/status')).toHaveLength(1));
    expect(api.callsTo('PUT /api/connections/5/status')[0]!.body).toEqual({ status: 'accepted' });
    // The list is read again after the change.
    await waitFor(() => expect(api.callsTo('POST /api/connections')).toHaveLength(2));
  });

  it("in Canadian French: the page, the owner's card, its bold amount and the confirm dialog", async () => {
    await setLanguage('fr-CA');
    const owner = buildConnection({
      is_user: false,
      is_partner: true,
      user_id: 20,
      partner_id: 7,
      expires_at: new Date(Date.now() + 20 * 3_600_000).toISOString(),
    });
    connectionsApi([[owner]]);
    renderApp('/connections');
    const theo = await card('theo, 31');
    expect(screen.getByRole('heading', { name: 'Connexions' })).toBeTruthy();
    expect(within(theo).getByRole('button', { name: 'Répondez' })).toBeTruthy();
    expect(within(theo).getByText('theo a remporté votre enchère')).toBeTruthy();
    const bid = within(theo).getByText(/^Mise gagnante/);
    expect(bid.textContent).toBe('Mise gagnante\u00a0: 120 jetons');
    expect(bid.querySelector('strong')?.textContent).toBe('120');
    expect(
      within(theo).getByText(/^Répondez d’ici 20 heures, sinon la mise retourne à theo\.$/),
    ).toBeTruthy();
    expect(within(theo).getByText('Aucune bio')).toBeTruthy();
    fireEvent.click(within(theo).getByRole('button', { name: 'Accepter' }));
    expect(
      await screen.findByRole('dialog', { name: 'Confirmez-vous l’acceptation?' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Oui' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Non' })).toBeTruthy();
    const page = document.body.textContent ?? '';
    expect(Object.values(en).filter((text) => text.includes(' ') && page.includes(text))).toEqual(
      [],
    );
  });

  it("the owner's engaged card says how many earned tokens wait out the settlement hold, and until when", async () => {
    const held = buildConnection({
      is_user: false,
      is_partner: true,
      user_id: 20,
      partner_id: 7,
      status: 'accepted',
      engaged: true,
      escrow_state: 'paid',
      auction: { id: 3, final_bid: 1200, created_at: '2026-01-08T01:00:00.000Z' },
      reward_redeemable: 1200,
      reward_pending: 1200,
      reward_settles_at: '2026-03-16T15:00:00.000Z',
    });
    connectionsApi([[held]], { reloads: true });
    renderApp('/connections');
    const theo = await card('theo, 31');
    expect(
      within(theo).getByText(
        /All 1,200 tokens are redeemable for cash\. 1,200 of them are pending until Mar 16, 2026, while the bidder’s card payment can still be taken back; then they are redeemable for cash\.$/,
      ),
    ).toBeTruthy();
    await setLanguage('fr-CA');
    expect(
      await within(theo).findByText(
        /1\u202f?\s?200 d’entre eux sont en attente jusqu’au 16 mars 2026, tant que le paiement par carte de l’enchérisseur peut encore être annulé; ils seront ensuite échangeables contre de l’argent\.$/,
      ),
    ).toBeTruthy();
  });

  it('the bidder waits: Pending and the waiting text, no controls', async () => {
    connectionsApi([[buildConnection()]]);
    renderApp('/connections');
    const theo = await card('theo, 31');
    expect(within(theo).getByRole('button', { name: 'Pending' })).toBeTruthy();
    expect(within(theo).getByText('Waiting for your winning bid to be accepted.')).toBeTruthy();
    expect(within(theo).queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it("a verified partner's card carries the verified badge after the name; others none", async () => {
    connectionsApi([
      [
        buildConnection({ partner: { ...buildConnection().partner, verified: true } }),
        buildConnection({
          id: 6,
          partner: { ...buildConnection().partner, id: 21, username: 'mia', age: 27 },
        }),
      ],
    ]);
    renderApp('/connections');
    const theo = await card('theo, 31');
    const name = within(theo).getByRole('heading', { name: /^theo/ });
    expect(await within(name).findByText('Verified')).toBeTruthy();
    expect(within(await card('mia, 27')).queryByText('Verified')).toBeNull();
  });

  it('the rejecter sees the hours left and Connect; others see Rejected', async () => {
    connectionsApi([
      [
        buildConnection({
          id: 5,
          status: 'rejected',
          is_user: false,
          is_partner: true,
          rejected_by_user_id: 7,
          grace_period: new Date(Date.now() + 4.5 * 3_600_000).toISOString(),
        }),
        buildConnection({
          id: 6,
          status: 'rejected',
          rejected_by_user_id: 20,
          escrow_state: 'refunded',
          partner: { username: 'maya' } as Connection['partner'],
        }),
      ],
    ]);
    renderApp('/connections');
    const theo = await card('theo, 31');
    expect(within(theo).getByText('Connection rejected.')).toBeTruthy();
    // 'N hour(s)' is the spec's way of writing the plural: it reads '5 hours' (issue 46).
    expect(within(theo).getByText('5 hours left to change your mind.')).toBeTruthy();
    expect(within(theo).getByRole('button', { name: 'Connect' })).toBeTruthy();
    const maya = await card('maya, 31');
    expect(within(maya).getByText('Rejected', { selector: 'p' })).toBeTruthy();
    expect(within(maya).getByText(/tokens were refunded/)).toBeTruthy();
  });

  it('labels Chat, Unmatched and Expired; unmatching asks first and a refusal shows its reason', async () => {
    const api = connectionsApi(
      [
        [
          buildConnection({ id: 5, status: 'accepted' }),
          buildConnection({ id: 8, status: 'unmatched', partner: { username: 'ana' } as never }),
          buildConnection({ id: 9, status: 'expired', partner: { username: 'bo' } as never }),
        ],
      ],
      { put: () => [409, { message: 'Only an accepted connection can be unmatched.' }] },
    );
    renderApp('/connections');
    const theo = await card('theo, 31');
    expect(within(theo).getByRole('button', { name: 'Chat' })).toBeTruthy();
    expect(within(await card('ana, 31')).getByRole('button', { name: 'Unmatched' })).toBeTruthy();
    expect(within(await card('bo, 31')).getByRole('button', { name: 'Expired' })).toBeTruthy();

    fireEvent.click(within(theo).getByRole('button', { name: 'Unmatch' }));
    expect(await screen.findByRole('dialog', { name: 'Do you confirm unmatching?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(
      await within(theo).findByText('Only an accepted connection can be unmatched.'),
    ).toBeTruthy();
    expect(api.callsTo('PUT /api/connections/5/status')[0]!.body).toEqual({ status: 'unmatched' });
  });

  it('pins the partner and the connection from the address, pages by 10 and ends', async () => {
    const first = Array.from({ length: 10 }, (_, i) =>
      buildConnection({ id: 100 - i, partner: { username: `m${i}` } as never }),
    );
    const api = connectionsApi([first, [buildConnection({ id: 50 })]]);
    renderApp('/connections/20?connectionId=5');
    expect(await screen.findByText("That's all your connections!")).toBeTruthy();
    const bodies = api.callsTo('POST /api/connections').map((c) => c.body);
    expect(bodies[0]).toEqual({ limit: 10, pin_connection_id: 5, pin_partner_id: 20 });
    expect(bodies[1]).toMatchObject({ limit: 10, last_connection_id: 91 });
    expect(screen.getAllByRole('article')).toHaveLength(11);
  });

  it('shows the empty, failure and grid messages', async () => {
    connectionsApi([[]]);
    const view = renderApp('/connections');
    expect(
      await screen.findByText('No connections yet. Win some auctions to make connections!'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Grid' }));
    expect(await screen.findByText('No connections available')).toBeTruthy();
    view.unmount();

    localStorage.setItem('authToken', 'tok');
    mockFetch({
      'GET /api/auth/me': () => [200, { user: buildUser({ id: 7 }) }],
      'POST /api/connections': () => [500, { message: 'boom' }],
    });
    renderApp('/connections');
    expect(await screen.findByText('Failed to load connections')).toBeTruthy();
  });

  it('the grid shows a tile per connection and a tile opens its card', async () => {
    connectionsApi([[buildConnection({ status: 'accepted' })]]);
    renderApp('/connections');
    await card('theo, 31');
    fireEvent.click(screen.getByRole('button', { name: 'Grid' }));
    const tile = await screen.findByRole('button', { name: /^theo/ });
    fireEvent.click(tile);
    expect(await card('theo, 31')).toBeTruthy();
  });

  it('a connection event refreshes the list without a reload: Pending turns Chat', async () => {
    const api = connectionsApi([[buildConnection()], [buildConnection({ status: 'accepted' })]], {
      reloads: true,
    });
    renderApp('/connections');
    const theo = await card('theo, 31');
    expect(within(theo).getByRole('button', { name: 'Pending' })).toBeTruthy();
    fake.deliver('connectionAccepted', { connectionId: 5, status: 'accepted' });
    expect(await within(theo).findByRole('button', { name: 'Chat' })).toBeTruthy();
    expect(api.callsTo('POST /api/connections')).toHaveLength(2);
  });
});
