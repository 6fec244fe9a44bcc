// The console's Economy page and paid grants against a stubbed admin API: the figures of the
// economy report as an operator reads them, the held redemptions, members kept out, and
// a paid or redeemable grant that cannot be sent without the cash it came with.
import { GRANT_MESSAGES } from '@bidboard/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/test/factories';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

type Handlers = Parameters<typeof mockFetch>[0];

function as(role: 'admin' | 'member', handlers: Handlers = {}) {
  localStorage.setItem('authToken', 'tok');
  return mockFetch({
    'GET /api/auth/me': () => [200, { user: buildUser({ role }) }],
    'GET /api/alerts': () => [200, { success: true, alerts: [], unread: 0 }],
    'GET /api/checkTokens': () => [200, { claimed: true, message: '' }],
    ...handlers,
  });
}

const economy = {
  success: true,
  issued: { promotional: 12_500, purchased: 7_000, redeemable: 3_200 },
  cashInCents: 7_000,
  cashOutCents: 2_500,
  campaignPaidCents: 2_000,
  pendingRedemptionCents: 1_750,
  pendingRedemptions: 2,
  heldRedemptions: 1,
  redeemableTokens: 1_200,
  heldRewardTokens: 600,
  redeemableValueCents: 1_500,
  owedNowCents: 3_250,
  campaign: { multiplier: 5, budgetCents: 10_000, memberCapCents: 2_500, budgetLeftCents: 6_500 },
};

const pending = {
  id: 4,
  user_id: 8,
  username: 'earner',
  token_amount: 500,
  amount_cents: 1_750,
  campaign_cents: 1_250,
  fee_cents: 0,
  multiplier: 5,
  paypal_email: 'earner@example.com',
  status: 'pending',
  reason: null,
  created_at: '2026-11-25T15:00:00.000Z',
  provider: 'manual',
  payout_status: null,
  payout_batch_id: null,
  decided_by: null,
  decided_at: null,
  updated_at: '2026-11-25T15:00:00.000Z',
  risk: {
    score: 70,
    threshold: 50,
    held: true,
    awaiting_review: true,
    approved_by: null,
    approved_at: null,
    signals: {},
  },
};
const clear = {
  ...pending,
  id: 5,
  username: 'clean',
  risk: { ...pending.risk, score: 0, held: false, awaiting_review: false },
};

describe('the Economy page', () => {
  it('shows issued tokens by origin, cash in and out, what is owed, the budget left and who waits', async () => {
    as('admin', {
      'GET /api/admin/economy': () => [200, economy],
      'GET /api/admin/redemptions': () => [200, { success: true, redemptions: [pending, clear] }],
    });
    renderApp('/admin/economy');
    expect(await screen.findByRole('heading', { name: 'Economy' })).toBeTruthy();
    expect(await screen.findByText('12,500')).toBeTruthy();
    expect(screen.getByText('7,000')).toBeTruthy();
    expect(screen.getByText('3,200')).toBeTruthy();
    expect(screen.getByText('$70.00')).toBeTruthy();
    expect(screen.getByText('$25.00')).toBeTruthy();
    expect(screen.getByText('$20.00 of it from the campaign')).toBeTruthy();
    expect(screen.getByText('$32.50')).toBeTruthy();
    expect(
      screen.getByText(
        '$17.50 in 2 pending redemptions + 1,200 redeemable tokens worth $15.00 today',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Owed after the settlement hold')).toBeTruthy();
    expect(screen.getByText('600')).toBeTruthy();
    expect(screen.getByText('Campaign budget left (5X)')).toBeTruthy();
    expect(screen.getByText('$65.00')).toBeTruthy();
    expect(screen.getByText('of 2 pending redemptions')).toBeTruthy();
    expect(await screen.findByText('earner: $17.50 for 500 tokens')).toBeTruthy();
    expect(screen.getByText(/Risk 70 over 50 · \$12\.50 from the campaign/)).toBeTruthy();
    expect(screen.queryByText(/^clean:/)).toBeNull();
    expect(screen.getByText(/1 other pending redemption\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Economy' }).getAttribute('aria-current')).toBe('page');
  });

  it('says when no campaign runs and nobody waits', async () => {
    as('admin', {
      'GET /api/admin/economy': () => [
        200,
        { ...economy, campaign: { ...economy.campaign, multiplier: 1, budgetCents: 0 } },
      ],
      'GET /api/admin/redemptions': () => [200, { success: true, redemptions: [] }],
    });
    renderApp('/admin/economy');
    expect(await screen.findByText('None running')).toBeTruthy();
    expect(await screen.findByText('No redemption is held for review.')).toBeTruthy();
  });

  it('is for admins only', async () => {
    const api = as('member');
    renderApp('/admin/economy');
    expect(await screen.findByRole('heading', { name: 'Admins only' })).toBeTruthy();
    expect(api.calls.some((c) => c.path.startsWith('/api/admin'))).toBe(false);
  });
});

describe('a paid grant', () => {
  const member = {
    id: 31,
    username: 'newbie',
    phone_number: '+15555550188',
    status: 'approved',
    onboarded: true,
    token_balance: 40,
    profile_picture: null,
    created_at: '2026-11-20T10:00:00.000Z',
    email: null,
    gender: 'male',
    seeking_gender: 'female',
    birth_date: '1996-01-01',
    city: 'Austin',
    state: 'TX',
    country: 'US',
    short_bio: 'Hi',
    redeemable_tokens: 0,
    rejection_reason: null,
    payee_profile_complete: false,
    awaiting_payee_profile: 0,
    payee: null,
    payouts_year: { year: 2026, paid_cents: 0, payments: 0, pending_cents: 0 },
    suspension_reason: null,
    suspended_at: null,
    role: 'member',
    photos: [],
    videos: [],
  };

  it('needs the cash received and its record before it is sent', async () => {
    const api = as('admin', {
      'GET /api/admin/users/31': () => [200, { success: true, member }],
      'POST /api/admin/tokens/adjustments': () => [200, { success: true, tokenBalance: 540 }],
    });
    renderApp('/admin/members/31');
    await userEvent.type(await screen.findByLabelText(/^Amount/), '500');
    await userEvent.click(screen.getByLabelText('Paid for by the member (purchased)'));
    await userEvent.type(screen.getByLabelText('Reason for the adjustment'), 'Paid by transfer');
    await userEvent.click(screen.getByRole('button', { name: 'Adjust tokens' }));
    expect(await screen.findByText(GRANT_MESSAGES.cashRequired)).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/^Cash received/), '400');
    await userEvent.type(screen.getByLabelText(/^Where the cash is recorded/), 'Transfer 88');
    await userEvent.click(screen.getByRole('button', { name: 'Adjust tokens' }));
    expect(await screen.findByText(GRANT_MESSAGES.cashBelowFloor(500))).toBeTruthy();
    expect(api.callsTo('POST /api/admin/tokens/adjustments')).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText(/^Cash received/));
    await userEvent.type(screen.getByLabelText(/^Cash received/), '500');
    await userEvent.click(screen.getByRole('button', { name: 'Adjust tokens' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/admin/tokens/adjustments')[0]?.body).toEqual({
        username: 'newbie',
        amount: 500,
        redeemable: false,
        paid: true,
        cash_cents: 500,
        cash_reference: 'Transfer 88',
        reason: 'Paid by transfer',
      }),
    );
  });
});
