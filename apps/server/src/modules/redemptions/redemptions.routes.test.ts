// Cashing out over HTTP with manual payouts: every validation text of marketplace §5
// Redemption, both balances debited at once, the admin marking requests paid or failed,
// what the history shows, and the live balance event.
import type { AddressInfo } from 'node:net';
import { REDEMPTION_MESSAGES } from '@bidboard/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { buildBidder, ledgerProblems } from '../../../test/marketplace';

const ADMIN = '+12125550197';
let t: TestApp;
let url: string;
let admin: Awaited<ReturnType<typeof member>>;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({ ADMIN_PHONES: ADMIN, SWEEPER_ENABLED: 'false' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await member(0, ADMIN);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

type Headers = { authorization: string };

async function member(tokens = 0, phone?: string) {
  const row = await buildBidder(t.database.db, tokens, phone ? { phone_number: phone } : {});
  const { token } = await signIn(t, row.phone_number);
  return { ...row, token, headers: { authorization: `Bearer ${token}` } as Headers };
}

const call = (method: 'GET' | 'POST' | 'PUT', path: string, headers?: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api${path}`, headers, payload });

/** A member holding `tokens`, `redeemable` of them earned (an audited admin adjustment). */
async function earner(tokens: number, redeemable: number) {
  const m = await member(tokens - redeemable);
  const res = await call('POST', '/admin/tokens/adjustments', admin.headers, {
    username: m.username,
    amount: redeemable,
    redeemable: true,
    cash_cents: redeemable,
    cash_reference: 'Bank transfer 1',
    reason: 'Earnings credited by hand',
  });
  expect(res.json()).toMatchObject({ tokenBalance: tokens, redeemableTokens: redeemable });
  return m;
}

const redeem = (
  m: { headers: Headers },
  token_amount: unknown,
  paypal_email: unknown = 'me@example.com',
) => call('POST', '/redeem-tokens', m.headers, { token_amount, paypal_email });

async function balances(m: { headers: Headers }) {
  const { user } = (await call('GET', '/auth/me', m.headers)).json();
  return [user.tokenBalance, user.redeemableTokens];
}

describe('POST /redeem-tokens', () => {
  it('says what is wrong, in the spec’s words, and takes nothing', async () => {
    const m = await earner(1000, 800);
    const cases: [unknown, unknown, string][] = [
      [500, null, REDEMPTION_MESSAGES.invalidEmail],
      [500, '', REDEMPTION_MESSAGES.invalidEmail],
      [500, 'paypal.example.com', REDEMPTION_MESSAGES.invalidEmail],
      [0, 'me@example.com', 'Please enter a valid token amount'],
      [-10, 'me@example.com', 'Please enter a valid token amount'],
      [12.5, 'me@example.com', 'Please enter a valid token amount'],
      ['500', 'me@example.com', 'Please enter a valid token amount'],
      [100_000, 'me@example.com', 'Please enter a valid token amount'],
      [490, 'me@example.com', 'Minimum redemption amount is 500 tokens'],
      [810, 'me@example.com', 'Insufficient redeemable tokens'],
    ];
    for (const [amount, email, message] of cases) {
      const res = await redeem(m, amount, email);
      expect([amount, email, res.statusCode, res.json().message]).toEqual([
        amount,
        email,
        400,
        message,
      ]);
    }
    expect(await balances(m)).toEqual([1000, 800]);
    expect((await call('POST', '/redeem-tokens', undefined, {})).statusCode).toBe(401);
  });

  it('only earned tokens can be cashed out, never bought or bonus ones', async () => {
    const m = await earner(5000, 300);
    const res = await redeem(m, 500);
    expect(res.json()).toEqual({
      code: 'INSUFFICIENT_TOKENS',
      message: 'Insufficient redeemable tokens',
    });
  });

  it('debits both balances into a pending redemption and tells the member’s sockets', async () => {
    const m = await earner(1200, 800);
    const socket = connect(url, {
      auth: { token: m.token },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', resolve);
      socket.on('connect_error', reject);
    });
    const update = new Promise((resolve) => socket.once('balanceUpdate', resolve));

    const res = await redeem(m, 500, ' me@example.com ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Redemption request submitted.',
      newBalance: 700,
      newRedeemableBalance: 300,
      redemption: {
        token_amount: 500,
        amount_cents: 500,
        fee_cents: 0,
        multiplier: 1,
        paypal_email: 'me@example.com',
        status: 'pending',
      },
    });
    expect(await update).toEqual({
      userId: m.id,
      tokenBalance: 700,
      redeemableTokens: 300,
      reason: 'redemption',
    });
    const history = (await call('GET', '/transactions', m.headers)).json().transactions;
    expect(history[0]).toMatchObject({
      transaction_type: 'redemption',
      amount: -500,
      redeemableTransaction: { status: 'pending', reason: null, reward_amount: 500 },
    });
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('pays the multiplier in effect, minus the payout fee', async () => {
    const settings = (patch: object) => call('PUT', '/admin/settings', admin.headers, patch);
    const started = await settings({
      token_redemption_multiplier: 5,
      redemption_campaign_budget_cents: 100_000,
      redemption_campaign_member_cap_cents: 10_000,
      payout_fee_cents: 25,
    });
    expect(started.statusCode, started.body).toBe(200);
    try {
      expect((await call('GET', '/config/payout-fee')).json()).toEqual({ payout_fee_cents: 25 });
      const m = await earner(600, 600);
      const res = await redeem(m, 600);
      expect(res.json().redemption).toMatchObject({
        amount_cents: 2975,
        campaign_cents: 2400,
        fee_cents: 25,
        multiplier: 5,
      });
      await settings({ token_redemption_multiplier: 1, payout_fee_cents: 100_000 });
      const nothing = await redeem(await earner(500, 500), 500);
      expect(nothing.json().message).toBe('The amount after fees must be more than $0.00');
    } finally {
      await settings({ token_redemption_multiplier: 1, payout_fee_cents: 0 });
    }
  });
});

describe('admin payouts', () => {
  it('lists pending requests; paid burns the tokens and the history shows paid $x.xx', async () => {
    const m = await earner(900, 900);
    const { redemption } = (await redeem(m, 650, 'cash@example.com')).json();

    const list = await call('GET', '/admin/redemptions?status=pending', admin.headers);
    const listed = list.json().redemptions.find((r: { id: number }) => r.id === redemption.id);
    expect(listed).toMatchObject({
      user_id: m.id,
      username: m.username,
      token_amount: 650,
      amount_cents: 650,
      paypal_email: 'cash@example.com',
      provider: 'manual',
      status: 'pending',
    });

    const paid = await call('POST', `/admin/redemptions/${redemption.id}/paid`, admin.headers);
    expect(paid.json().redemption).toMatchObject({ status: 'paid', decided_by: admin.id });
    expect(await balances(m)).toEqual([250, 250]);
    const history = (await call('GET', '/transactions', m.headers)).json().transactions;
    expect(history.slice(0, 2)).toMatchObject([
      {
        transaction_type: 'redemption_paid',
        amount: 0,
        redeemableTransaction: { status: 'paid', reward_amount: 650 },
      },
      { transaction_type: 'redemption', amount: -650, redeemableTransaction: { status: 'paid' } },
    ]);

    const again = await call('POST', `/admin/redemptions/${redemption.id}/paid`, admin.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REDEMPTION_MESSAGES.notPending);
    const fail = await call('POST', `/admin/redemptions/${redemption.id}/failed`, admin.headers, {
      reason: 'late',
    });
    expect(fail.statusCode).toBe(409);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('failed returns the tokens to both balances, once', async () => {
    const m = await earner(1000, 700);
    const { redemption } = (await redeem(m, 700)).json();
    expect(await balances(m)).toEqual([300, 0]);
    const noReason = await call(
      'POST',
      `/admin/redemptions/${redemption.id}/failed`,
      admin.headers,
      {},
    );
    expect(noReason.statusCode).toBe(400);
    const failed = await call('POST', `/admin/redemptions/${redemption.id}/failed`, admin.headers, {
      reason: 'PayPal account not found',
    });
    expect(failed.json().redemption).toMatchObject({
      status: 'failed',
      reason: 'PayPal account not found',
    });
    expect(await balances(m)).toEqual([1000, 700]);
    const history = (await call('GET', '/transactions', m.headers)).json().transactions;
    expect(history[0]).toMatchObject({
      transaction_type: 'redemption_failed',
      amount: 700,
      redeemableTransaction: { status: 'failed', reason: 'PayPal account not found' },
    });
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('is for admins only', async () => {
    const m = await earner(600, 600);
    const { redemption } = (await redeem(m, 500)).json();
    for (const [method, path, payload] of [
      ['GET', '/admin/redemptions', undefined],
      ['POST', `/admin/redemptions/${redemption.id}/paid`, undefined],
      ['POST', `/admin/redemptions/${redemption.id}/failed`, { reason: 'x' }],
      [
        'POST',
        '/admin/tokens/adjustments',
        { username: m.username, amount: 10, redeemable: true, reason: 'x' },
      ],
    ] as const) {
      expect((await call(method, path, m.headers, payload)).statusCode).toBe(403);
      expect((await call(method, path, undefined, payload)).statusCode).toBe(401);
    }
    expect((await call('POST', '/admin/redemptions/999999/paid', admin.headers)).statusCode).toBe(
      404,
    );
    expect((await call('POST', '/admin/redemptions/0/paid', admin.headers)).statusCode).toBe(400);
    const unknown = await call('POST', '/admin/tokens/adjustments', admin.headers, {
      username: 'nobody_here',
      amount: 10,
      reason: 'Goodwill',
    });
    expect(unknown.statusCode).toBe(404);
    const zero = await call('POST', '/admin/tokens/adjustments', admin.headers, {
      username: m.username,
      amount: 0,
      reason: 'Goodwill',
    });
    expect(zero.json().message).toBe('Amount must be a non-zero whole number');
  });
});
