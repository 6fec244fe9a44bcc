// Payee status in the console (issue 43): each member row says whether a payee profile is
// on file or payouts wait for one, the list filters on it, and the member's profile shows
// the payee masked with the year's payouts.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/test/factories';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

const summary = {
  phone_number: '+15555550188',
  status: 'approved',
  onboarded: true,
  token_balance: 40,
  profile_picture: null,
  created_at: '2026-11-20T10:00:00.000Z',
};
const avery = {
  ...summary,
  id: 31,
  username: 'avery',
  payee_profile_complete: true,
  awaiting_payee_profile: 0,
};
const blake = {
  ...summary,
  id: 32,
  username: 'blake',
  payee_profile_complete: false,
  awaiting_payee_profile: 2,
};

function asAdmin() {
  localStorage.setItem('authToken', 'tok');
  return mockFetch({
    'GET /api/auth/me': () => [200, { user: buildUser({ role: 'admin' }) }],
    'GET /api/alerts': () => [200, { success: true, alerts: [], unread: 0 }],
    'GET /api/checkTokens': () => [200, { claimed: true, message: '' }],
    'GET /api/admin/users': (call) => {
      const payee = call.query.get('payee');
      const members = [avery, blake].filter(
        (m) =>
          payee === 'all' ||
          (payee === 'payee_profile_complete' && m.payee_profile_complete) ||
          (payee === 'awaiting_payee_profile' && m.awaiting_payee_profile > 0),
      );
      return [200, { success: true, members, total: members.length }];
    },
    'GET /api/admin/users/31': () => [
      200,
      {
        success: true,
        member: {
          ...avery,
          email: null,
          gender: null,
          seeking_gender: null,
          birth_date: null,
          city: null,
          state: null,
          country: 'US',
          short_bio: null,
          redeemable_tokens: 0,
          rejection_reason: null,
          suspension_reason: null,
          suspended_at: null,
          role: 'member',
          photos: [],
          videos: [],
          payee: {
            legal_name: 'Avery Q. Lin',
            address_line1: '9 Water Street',
            address_line2: '',
            city: 'Hoboken',
            region: 'NJ',
            postal_code: '07030',
            country: 'US',
            taxpayer_id_type: 'ssn',
            taxpayer_id_masked: '•••-••-6789',
            certified_at: '2026-06-01T12:00:00.000Z',
            certification_version: 1,
            updated_at: '2026-06-01T12:00:00.000Z',
          },
          payouts_year: { year: 2026, paid_cents: 65_000, payments: 1, pending_cents: 1_000 },
        },
      },
    ],
  });
}

describe('payee status in the console', () => {
  it('says each member’s payee status and filters the list on it', async () => {
    const api = asAdmin();
    renderApp('/admin/members');
    expect(await screen.findByText(/payee profile complete/)).toBeTruthy();
    expect(screen.getByText(/2 payouts held until the payee profile is complete/)).toBeTruthy();
    await userEvent.selectOptions(
      screen.getByLabelText('Payee'),
      'Payouts held for the payee profile',
    );
    await waitFor(() => expect(screen.queryByText('avery')).toBeNull());
    expect(screen.getByText('blake')).toBeTruthy();
    expect(api.callsTo('GET /api/admin/users').at(-1)!.query.get('payee')).toBe(
      'awaiting_payee_profile',
    );
  });

  it('shows the member’s payee profile masked and the year’s payouts', async () => {
    asAdmin();
    renderApp('/admin/members/31');
    expect(await screen.findByText('Avery Q. Lin')).toBeTruthy();
    expect(screen.getByText('SSN •••-••-6789')).toBeTruthy();
    expect(screen.getByText('9 Water Street, Hoboken NJ 07030, US')).toBeTruthy();
    expect(screen.getByText('Paid in 2026: $650.00 (1 payout). On its way: $10.00.')).toBeTruthy();
  });
});
