import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useCurrentUser } from '@/features/auth';
import { buildUser } from '@/test/factories';
import { createFakeSocket } from '@/test/fake-socket';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { useLiveBalance } from './use-live-balance';

const fake = createFakeSocket();
vi.mock('@/lib/socket', async (original) => ({
  ...(await original<typeof import('@/lib/socket')>()),
  getRealtimeSocket: () => fake.socket,
}));

function Balances() {
  useLiveBalance();
  const user = useCurrentUser();
  return user ? (
    <p data-testid="balances">
      {user.tokenBalance}/{user.redeemableTokens}
    </p>
  ) : null;
}

const event = (overrides: Record<string, unknown>) => ({
  connectionId: 5,
  status: 'accepted',
  userId: 20,
  partnerId: 7,
  statusChangedAt: new Date().toISOString(),
  gracePeriod: null,
  rejectedByUserId: null,
  amount: 250,
  ...overrides,
});

describe('live balances from connection events', () => {
  it('a reward sets both balances; a refund sets the balance; events for others change nothing', async () => {
    localStorage.setItem('authToken', 'tok');
    mockFetch({
      'GET /api/auth/me': () => [200, { user: buildUser({ id: 7, tokenBalance: 100 }) }],
    });
    renderWithProviders(<Balances />);
    expect((await screen.findByTestId('balances')).textContent).toBe('100/0');

    fake.deliver('connectionReward', event({ tokenBalance: 350, redeemableTokens: 250 }));
    await waitFor(() => expect(screen.getByTestId('balances').textContent).toBe('350/250'));
    fake.deliver('connectionAccepted', event({}));
    expect(screen.getByTestId('balances').textContent).toBe('350/250');
    fake.deliver(
      'connectionExpired',
      event({ status: 'expired', tokenBalance: 480, redeemableTokens: 250 }),
    );
    await waitFor(() => expect(screen.getByTestId('balances').textContent).toBe('480/250'));
  });
});

describe('live balances from balance updates', () => {
  it('a purchase or redemption sets both balances; updates for others change nothing', async () => {
    localStorage.setItem('authToken', 'tok');
    mockFetch({
      'GET /api/auth/me': () => [200, { user: buildUser({ id: 7, tokenBalance: 100 }) }],
    });
    renderWithProviders(<Balances />);
    expect((await screen.findByTestId('balances')).textContent).toBe('100/0');
    fake.deliver('balanceUpdate', {
      userId: 7,
      tokenBalance: 1300,
      redeemableTokens: 0,
      reason: 'purchase',
    });
    await waitFor(() => expect(screen.getByTestId('balances').textContent).toBe('1300/0'));
    fake.deliver('balanceUpdate', {
      userId: 8,
      tokenBalance: 5,
      redeemableTokens: 5,
      reason: 'adjustment',
    });
    fake.deliver('balanceUpdate', {
      userId: 7,
      tokenBalance: 800,
      redeemableTokens: 0,
      reason: 'redemption',
    });
    await waitFor(() => expect(screen.getByTestId('balances').textContent).toBe('800/0'));
  });
});
