// The console's sections against a stubbed admin API: what each shows and what each
// action sends.
import { CAMPAIGN_MESSAGES } from '@bidboard/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/test/factories';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

type Handlers = Parameters<typeof mockFetch>[0];

function asAdmin(handlers: Handlers = {}, role: 'admin' | 'member' = 'admin') {
  localStorage.setItem('authToken', 'tok');
  return mockFetch({
    'GET /api/auth/me': () => [200, { user: buildUser({ role }) }],
    'GET /api/alerts': () => [200, { success: true, alerts: [], unread: 0 }],
    'GET /api/checkTokens': () => [200, { claimed: true, message: '' }],
    ...handlers,
  });
}

const overview = {
  success: true,
  now: '2026-11-22T12:00:00.000Z',
  members: { total: 120, pending: 4, approved: 100 },
  period: { id: 9, start_time: '2026-11-19T01:00:00.000Z', end_time: '2026-11-24T13:02:03.000Z' },
  live_auctions: 90,
  bids_this_period: 333,
  tokens_bid_this_period: 4500,
  tokens_in_balances: 75000,
  tokens_in_escrow: 5200,
  purchases_waiting: 1,
  redemptions_waiting: 2,
};

const NO_SIGNALS = {
  face_match: null,
  face_match_score: null,
  face_turn_degrees: null,
  duplicate: null,
  held_photos: 0,
  nudity_score: null,
  scam_hits: 0,
  scam_signals: [],
  open_reports: 0,
};

const memberDetail = {
  id: 31,
  username: 'newbie',
  phone_number: '+15555550188',
  status: 'pending',
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
  photos: [
    {
      id: 5,
      user_id: 31,
      username: 'newbie',
      kind: 'photo',
      display_order: 1,
      status: 'pending',
      url: '/api/files/a.webp?sig=1',
      thumbnail_url: '/api/files/a-t.webp?sig=1',
      created_at: '2026-11-20T10:00:00.000Z',
      face_check: 'face',
      screening: 'passed',
      nudity_score: 0.01,
      evidence: null,
      signals: NO_SIGNALS,
      risk: 0,
    },
  ],
  videos: [
    {
      id: 8,
      user_id: 31,
      username: 'newbie',
      kind: 'video',
      display_order: null,
      status: 'pending',
      url: '/api/files/v.webm?sig=1',
      thumbnail_url: null,
      created_at: '2026-11-20T10:00:00.000Z',
      face_check: null,
      screening: null,
      nudity_score: null,
      evidence: { photo_url: '/api/files/a.webp?sig=1', frame_urls: [] },
      signals: NO_SIGNALS,
      risk: 0,
    },
  ],
  prompts: [],
};

describe('admin console', () => {
  it('tells a member the page is for admins and never loads the console', async () => {
    const api = asAdmin({}, 'member');
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Admins only' })).toBeTruthy();
    expect(api.calls.some((c) => c.path.startsWith('/api/admin'))).toBe(false);
  });

  it('shows the overview with the period countdown', async () => {
    asAdmin({ 'GET /api/admin/overview': () => [200, overview] });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeTruthy();
    // Counted from the server's now (this device's clock is days away), ticking each second:
    // a slow, loaded run may first see it a few seconds down.
    expect(await screen.findByText(/^2d 01:0[12]:\d\d$/)).toBeTruthy();
    expect(screen.getByText('75,000')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Review them' }).getAttribute('href')).toBe(
      '/admin/members?status=pending',
    );
  });

  it('searches members and opens a profile with photo and playable video', async () => {
    const api = asAdmin({
      'GET /api/admin/users': () => [
        200,
        { success: true, total: 1, members: [{ ...memberDetail, photos: undefined }] },
      ],
      'GET /api/admin/users/31': () => [200, { success: true, member: memberDetail }],
    });
    renderApp('/admin/members');
    await userEvent.type(await screen.findByLabelText('Search members'), 'new');
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/admin/users')).toBe(true));
    await userEvent.click(await screen.findByRole('link', { name: /newbie/ }));
    expect(await screen.findByRole('img', { name: 'Photo 1 of newbie' })).toBeTruthy();
    const card = screen.getByRole('listitem', { name: 'Verification video of newbie' });
    const video = card.querySelector('video');
    expect(video?.getAttribute('src')).toBe('/api/files/v.webm?sig=1');
    expect(video?.hasAttribute('controls')).toBe(true);
  });

  it('requires a reason to reject and sends it', async () => {
    const api = asAdmin({
      'GET /api/admin/users/31': () => [200, { success: true, member: memberDetail }],
      'POST /api/admin/users/31/reject': () => [
        200,
        { success: true, member: { ...memberDetail, status: 'rejected' } },
      ],
    });
    renderApp('/admin/members/31');
    const reject = await screen.findByRole('button', { name: 'Reject member' });
    await userEvent.click(reject);
    expect(await screen.findByText('Give a reason')).toBeTruthy();
    expect(api.callsTo('POST /api/admin/users/31/reject')).toHaveLength(0);
    await userEvent.type(
      screen.getByLabelText('Reason for rejecting (the member sees it)'),
      'Face not visible',
    );
    await userEvent.click(reject);
    await waitFor(() =>
      expect(api.callsTo('POST /api/admin/users/31/reject')[0]?.body).toEqual({
        reason: 'Face not visible',
      }),
    );
  });

  it('deletes an account for fraud with a reason, only after a confirmation', async () => {
    const api = asAdmin({
      'GET /api/admin/users/31': () => [200, { success: true, member: memberDetail }],
      'POST /api/admin/users/31/delete': () => [
        200,
        { user: { id: 31, deleted_at: '2026-11-22T12:00:00.000Z' } },
      ],
    });
    renderApp('/admin/members/31');
    const reason = await screen.findByLabelText(/^Reason for deleting the account/);
    const form = reason.closest('form')!;
    await userEvent.selectOptions(within(form).getByLabelText('Removed for'), 'fraud_or_scam');
    await userEvent.type(reason, 'Asked members for gift cards');
    await userEvent.click(within(form).getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: /Delete newbie's account/ });
    expect(within(dialog).getByText(/Everyone who exchanged messages with them/)).toBeTruthy();
    expect(api.callsTo('POST /api/admin/users/31/delete')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/admin/users/31/delete')[0]?.body).toEqual({
        reason: 'Asked members for gift cards',
        category: 'fraud_or_scam',
      }),
    );
  });

  it('adjusts tokens with an amount and a reason', async () => {
    const api = asAdmin({
      'GET /api/admin/users/31': () => [200, { success: true, member: memberDetail }],
      'POST /api/admin/tokens/adjustments': () => [200, { success: true, tokenBalance: 65 }],
    });
    renderApp('/admin/members/31');
    await userEvent.type(await screen.findByLabelText(/^Amount/), '25');
    await userEvent.type(screen.getByLabelText('Reason for the adjustment'), 'Support credit');
    await userEvent.click(screen.getByRole('button', { name: 'Adjust tokens' }));
    expect(await screen.findByText('New balance: 65 tokens.')).toBeTruthy();
    expect(api.callsTo('POST /api/admin/tokens/adjustments')[0]?.body).toEqual({
      username: 'newbie',
      amount: 25,
      redeemable: false,
      paid: false,
      reason: 'Support credit',
    });
  });

  it('approves a pending photo from the review queue', async () => {
    const api = asAdmin({
      'GET /api/admin/media/pending': () => [200, { success: true, items: memberDetail.photos }],
      'POST /api/admin/media/images/5/review': () => [200, { success: true }],
    });
    renderApp('/admin/review');
    const card = await screen.findByRole('listitem', { name: 'Photo 1 of newbie' });
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/admin/media/images/5/review')[0]?.body).toEqual({
        status: 'approved',
      }),
    );
  });

  it('shows a report past its 24-hour target and suspends with a reason', async () => {
    const report = {
      id: 3,
      reported_user: {
        id: 31,
        username: 'newbie',
        profile_picture: null,
        suspended: false,
        deleted: false,
      },
      reporter: { id: 40, username: 'carol' },
      reason: 'scam_or_spam',
      reason_label: 'Scam or spam',
      text: 'Asked for money',
      status: 'open',
      action: null,
      note: null,
      created_at: '2026-11-20T10:00:00.000Z',
      resolved_at: null,
      age_hours: 30,
      times: 1,
      overdue: true,
      source: 'member',
      signals: { ...NO_SIGNALS, scam_hits: 2, scam_signals: ['gift_card'], open_reports: 1 },
      risk: 35,
    };
    const api = asAdmin({
      'GET /api/admin/reports': () => [200, { reports: [report], total: 1 }],
      'POST /api/admin/reports/3/action': () => [
        200,
        { report: { ...report, status: 'actioned' } },
      ],
    });
    renderApp('/admin/reports');
    const card = await screen.findByRole('listitem', { name: 'Report about newbie' });
    expect(within(card).getByText('Past the 24-hour target')).toBeTruthy();
    expect(within(card).getByText(/Open for 30 hours/)).toBeTruthy();
    // Every signal about the member beside the report (issue 23).
    expect(within(card).getByText('2 scam-guard messages in 30 days: gift card')).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Suspend' }));
    await userEvent.type(within(card).getByLabelText(/Why suspend newbie/), 'Scam');
    await userEvent.click(within(card).getByRole('button', { name: 'Suspend newbie' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/admin/reports/3/action')[0]?.body).toEqual({
        action: 'suspend',
        note: 'Scam',
      }),
    );
  });

  it('removes a reported prompt answer, heard or read first (issue 44)', async () => {
    const report = {
      id: 4,
      reported_user: {
        id: 31,
        username: 'newbie',
        profile_picture: null,
        suspended: false,
        deleted: false,
      },
      reporter: { id: 40, username: 'carol' },
      reason: 'inappropriate_prompt',
      reason_label: 'Inappropriate prompt answer',
      text: 'The song',
      status: 'open',
      action: null,
      note: null,
      created_at: '2026-11-22T10:00:00.000Z',
      resolved_at: null,
      age_hours: 2,
      times: 1,
      overdue: false,
      source: 'member',
      signals: { ...NO_SIGNALS, open_reports: 1 },
      risk: 5,
    };
    const prompts = [
      {
        id: 70,
        slot: 1,
        prompt_id: 'karaokeSong',
        kind: 'voice',
        text: null,
        voice: { url: '/api/files/voice.webm?sig=1', duration_ms: 12_400, waveform: [10, 100] },
      },
      {
        id: 71,
        slot: 2,
        prompt_id: 'winMeOver',
        kind: 'text',
        text: 'Bring snacks',
        voice: null,
      },
    ];
    const api = asAdmin({
      'GET /api/admin/reports': () => [200, { reports: [report], total: 1 }],
      'GET /api/admin/users/31': () => [
        200,
        { success: true, member: { ...memberDetail, prompts } },
      ],
      'POST /api/admin/reports/4/action': () => [
        200,
        { report: { ...report, status: 'actioned', action: 'remove_prompt' } },
      ],
    });
    renderApp('/admin/reports');
    const card = await screen.findByRole('listitem', { name: 'Report about newbie' });
    await userEvent.click(within(card).getByRole('button', { name: 'Remove a prompt answer' }));
    const choice = await within(card).findByRole('group', {
      name: 'Choose the prompt answer to remove',
    });
    expect(
      within(choice).getByRole('button', { name: 'Remove this answer' }).hasAttribute('disabled'),
    ).toBe(true);
    const voice = within(choice).getByRole('radio', { name: /Voice answer, 12 s/ });
    expect(within(choice).getByRole('radio', { name: /Bring snacks/ })).toBeTruthy();
    expect(choice.querySelector('audio')?.getAttribute('src')).toBe('/api/files/voice.webm?sig=1');
    await userEvent.click(voice);
    await userEvent.click(within(choice).getByRole('button', { name: 'Remove this answer' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/admin/reports/4/action')[0]?.body).toEqual({
        action: 'remove_prompt',
        prompt_answer_id: 70,
      }),
    );
  });

  it('validates settings with the shared schema and saves only what changed', async () => {
    const settings = {
      daily_claim_amount: 100,
      minimum_redeemable_threshold: 500,
      token_redemption_multiplier: 1,
      redemption_campaign_budget_cents: 0,
      redemption_campaign_member_cap_cents: 0,
      payout_fee_cents: 0,
      connection_reminder_hours: 24,
      connection_expiry_hours: 48,
      rejection_grace_hours: 24,
      engagement_window_hours: 168,
      payment_form_limit: 10,
      payment_form_window_minutes: 2,
      payment_limit: 5,
      payment_window_minutes: 5,
      rapid_submission_seconds: 3,
      high_value_limit_cents: 50000,
      purchase_settlement_days: 14,
      inactivity_disconnect_minutes: 30,
      face_match_threshold: 0.5,
      face_turn_min_degrees: 12,
      verification_videos_per_day: 3,
      code_failures_per_number: 15,
      code_failures_window_hours: 24,
      code_lockout_hours: 24,
      photo_uploads_per_hour: 20,
      chat_images_per_hour: 60,
      face_duplicate_threshold: 0.7,
      nudity_threshold: 0.8,
      redemption_risk_threshold: 35,
      redemption_member_30_day_cap_cents: 25000,
      payee_identity_threshold_cents: 60000,
      date_check_in_delay_minutes: 120,
      date_check_in_escalation_minutes: 30,
    };
    const api = asAdmin({
      'GET /api/admin/settings': () => [200, { success: true, settings }],
      'PUT /api/admin/settings': (call) => [
        200,
        { success: true, settings: { ...settings, ...(call.body as object) } },
      ],
    });
    renderApp('/admin/settings');
    const claim = await screen.findByLabelText(/Daily claim amount/);
    const reminder = screen.getByLabelText(/Connection reminder after/);
    fireEvent.change(reminder, { target: { value: '60' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The reminder must come before the expiry')).toBeTruthy();
    expect(api.callsTo('PUT /api/admin/settings')).toHaveLength(0);
    fireEvent.change(reminder, { target: { value: '24' } });
    // A multiplier above 1 is a campaign: not without a budget and a per-member cap.
    const multiplier = screen.getByLabelText(/Redemption multiplier/);
    fireEvent.change(multiplier, { target: { value: '5' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(CAMPAIGN_MESSAGES.needsBudget)).toBeTruthy();
    expect(api.callsTo('PUT /api/admin/settings')).toHaveLength(0);
    fireEvent.change(multiplier, { target: { value: '1' } });
    fireEvent.change(claim, { target: { value: '150' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(api.callsTo('PUT /api/admin/settings')[0]?.body).toEqual({ daily_claim_amount: 150 }),
    );
  });

  it('closes the period only after a confirmation', async () => {
    const api = asAdmin({
      'GET /api/admin/auctions': () => [200, { success: true, auctions: [] }],
      'POST /api/admin/periods/close-now': () => [
        200,
        {
          success: true,
          closed: { periodId: 9, connections: 4 },
          period: { id: 10, end_time: '' },
        },
      ],
    });
    renderApp('/admin/periods');
    await userEvent.click(await screen.findByRole('button', { name: 'Close period now' }));
    const dialog = await screen.findByRole('dialog', { name: /Close the open period now/ });
    expect(api.callsTo('POST /api/admin/periods/close-now')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(/Period 9 closed with 4 connections/)).toBeTruthy();
  });

  it('marks a payout paid after a confirm, failed with a reason, and lists payment errors', async () => {
    const redemption = {
      id: 12,
      user_id: 31,
      username: 'newbie',
      token_amount: 500,
      amount_cents: 475,
      fee_cents: 25,
      multiplier: 1,
      paypal_email: 'n@example.com',
      status: 'pending',
      reason: null,
      created_at: '2026-11-21T10:00:00.000Z',
      provider: 'manual',
      payout_status: null,
      payout_batch_id: null,
      decided_by: null,
      decided_at: null,
      updated_at: '2026-11-21T10:00:00.000Z',
      risk: null,
    };
    const api = asAdmin({
      'GET /api/admin/redemptions': () => [200, { success: true, redemptions: [redemption] }],
      'GET /api/admin/payment-reviews': () => [200, { success: true, reviews: [] }],
      'GET /api/admin/payment-errors': () => [
        200,
        {
          success: true,
          errors: [
            {
              id: 1,
              user_id: 31,
              username: 'newbie',
              error_type: 'PAYMENT_DECLINED',
              payment_flow: 'card',
              message: 'This transaction has been declined.',
              details: {},
              created_at: '2026-11-21T10:00:00.000Z',
            },
          ],
        },
      ],
      'POST /api/admin/redemptions/12/paid': () => [200, { success: true }],
      'POST /api/admin/redemptions/12/failed': () => [200, { success: true }],
    });
    renderApp('/admin/payouts');
    expect(await screen.findByText('newbie: $4.75 to n@example.com')).toBeTruthy();
    expect(await screen.findByText(/This transaction has been declined/)).toBeTruthy();
    expect(screen.getByText('No purchase needs a review.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Mark paid' }));
    const dialog = await screen.findByRole('dialog', { name: /as paid\?/ });
    expect(api.callsTo('POST /api/admin/redemptions/12/paid')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.callsTo('POST /api/admin/redemptions/12/paid')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Mark failed' }));
    await userEvent.type(screen.getByLabelText(/Why the payout failed/), 'Email bounced');
    const buttons = screen.getAllByRole('button', { name: 'Mark failed' });
    await userEvent.click(buttons.at(-1)!);
    await waitFor(() =>
      expect(api.callsTo('POST /api/admin/redemptions/12/failed')[0]?.body).toEqual({
        reason: 'Email bounced',
      }),
    );
  });

  it('shows each redemption riskiest first with its signals in plain words; a held one is approved or rejected', async () => {
    const base = {
      user_id: 31,
      token_amount: 700,
      amount_cents: 700,
      fee_cents: 0,
      multiplier: 1,
      status: 'pending',
      reason: null,
      created_at: '2026-11-21T10:00:00.000Z',
      provider: 'paypal',
      payout_status: null,
      payout_batch_id: null,
      decided_by: null,
      decided_at: null,
      updated_at: '2026-11-21T10:00:00.000Z',
    };
    const held = {
      ...base,
      id: 21,
      username: 'bella',
      paypal_email: 'bella@example.com',
      risk: {
        score: 100,
        threshold: 35,
        held: true,
        awaiting_review: true,
        approved_by: null,
        approved_at: null,
        signals: {
          reciprocal_bidding: { members: ['adam'] },
          shared_sign_in: { members: [{ member: 'adam', ip: true, device: false }] },
          referral_relation: { members: [{ member: 'adam', how: 'referred_by' }] },
          thin_engagement: {
            connections: [{ member: 'adam', their_messages: 1, your_messages: 1, minutes: 1 }],
          },
          new_account: { members: [{ member: 'bella', days: 3 }] },
        },
      },
    };
    const clear = {
      ...base,
      id: 22,
      username: 'carol',
      paypal_email: 'carol@example.com',
      risk: {
        score: 10,
        threshold: 35,
        held: false,
        awaiting_review: false,
        approved_by: null,
        approved_at: null,
        signals: { new_account: { members: [{ member: 'carol', days: 2 }] } },
      },
    };
    const api = asAdmin({
      'GET /api/admin/redemptions': () => [200, { success: true, redemptions: [held, clear] }],
      'GET /api/admin/payment-reviews': () => [200, { success: true, reviews: [] }],
      'GET /api/admin/payment-errors': () => [200, { success: true, errors: [] }],
      'POST /api/admin/redemptions/21/approve': () => [200, { success: true }],
      'POST /api/admin/redemptions/21/failed': () => [200, { success: true }],
    });
    renderApp('/admin/payouts');
    const cards = await screen.findAllByRole('listitem');
    const titles = cards
      .map((card) => card.querySelector('.admin-card__title')?.textContent)
      .filter(Boolean);
    expect(titles).toEqual([
      'bella: $7.00 to bella@example.com',
      'carol: $7.00 to carol@example.com',
    ]);
    const first = cards.find((card) => card.textContent?.includes('bella@example.com'))!;
    for (const text of [
      'Held for review',
      'Bid on each other with adam, who paid the tokens being cashed out.',
      'Signed in from the same IP address as adam in the last 30 days.',
      'Referral link: was referred by adam.',
      'Thin engagement with adam (1 message from the redeemer and 1 back, over 1 minute).',
      'New account: bella joined 3 days ago.',
    ]) {
      expect(within(first).getByText(text, { exact: false })).toBeTruthy();
    }
    expect(within(first).getByText('100')).toBeTruthy();
    const second = cards.find((card) => card.textContent?.includes('carol@example.com'))!;
    expect(within(second).getByText('Not held')).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Mark paid' })).toBeTruthy();
    expect(within(first).queryByRole('button', { name: 'Mark paid' })).toBeNull();

    await userEvent.click(within(first).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: /PayPal sends it now/ });
    expect(api.callsTo('POST /api/admin/redemptions/21/approve')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/admin/redemptions/21/approve')).toHaveLength(1),
    );
    await userEvent.click(within(first).getByRole('button', { name: 'Reject' }));
    await userEvent.type(within(first).getByLabelText(/Why you reject it/), 'Same person');
    const rejects = within(first).getAllByRole('button', { name: 'Reject' });
    await userEvent.click(rejects.at(-1)!);
    await waitFor(() =>
      expect(api.callsTo('POST /api/admin/redemptions/21/failed')[0]?.body).toEqual({
        reason: 'Same person',
      }),
    );
  });

  it('lists audit entries with before and after', async () => {
    asAdmin({
      'GET /api/admin/audit-log': () => [
        200,
        {
          success: true,
          entries: [
            {
              id: 1,
              admin_id: 7,
              admin_username: 'alice',
              action: 'settings.update',
              target_type: 'settings',
              target_id: null,
              before: { daily_claim_amount: 100 },
              after: { daily_claim_amount: 150 },
              created_at: '2026-11-22T12:00:00.000Z',
            },
          ],
        },
      ],
    });
    renderApp('/admin/audit');
    expect(await screen.findByText('settings.update')).toBeTruthy();
    expect(screen.getByText(/alice/)).toBeTruthy();
    expect(screen.getByText(/"daily_claim_amount": 150/)).toBeTruthy();
  });
});
