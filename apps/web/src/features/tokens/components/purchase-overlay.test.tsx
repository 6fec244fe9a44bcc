// The purchase overlay with the hosted form's messages played as our communicator page
// posts them: debounced token creation, decline, approval, duplicates and cancel.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { buildUser } from '@/test/factories';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { TokenSummaryProbe } from './token-actions.probe';

const items = [
  {
    id: 1,
    name: 'Starter',
    token_qty: 500,
    cost: 4.99,
    cost_cents: 499,
    description: 'A few bids.',
    is_active: true,
  },
  {
    id: 2,
    name: 'Popular',
    token_qty: 1200,
    cost: 9.99,
    cost_cents: 999,
    description: null,
    is_active: true,
  },
];

function formFor(call: { body: unknown }, n: number) {
  const body = call.body as {
    item_id: number;
    item_name: string;
    quantity: number;
    amount: number;
    tokens: number;
  };
  return {
    success: true,
    token: `form-token-${n}`,
    message: 'Payment form ready',
    formUrl: '/api/payments/sandbox/payment',
    formSandboxed: true,
    invoiceNumber: `BB00000${n}`,
    amount: body.amount,
    amount_cents: Math.round(body.amount * 100),
    tokens: body.tokens,
    quantity: body.quantity,
    item_id: body.item_id,
    item_name: body.item_name,
  };
}

/** What communicator.js posts after the hosted page sent `qstr`. */
function fromForm(qstr: string) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: window.location.origin,
        data: { type: 'bidboard:payment-form', qstr },
      }),
    );
  });
}
const transact = (response: object) =>
  fromForm(`action=transactResponse&response=${encodeURIComponent(JSON.stringify(response))}`);

let submitted: string[];
beforeEach(() => {
  submitted = [];
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (
    this: HTMLFormElement,
  ) {
    submitted.push((this.elements.namedItem('token') as HTMLInputElement).value);
  });
});
afterEach(() => vi.restoreAllMocks());

function setUp(purchase: () => [number, unknown] | Promise<[number, unknown]>) {
  localStorage.setItem('authToken', 'tok-1');
  let forms = 0;
  return mockFetch({
    'GET /api/auth/me': () => [200, { user: buildUser({ tokenBalance: 250 }) }],
    'GET /api/checkTokens': () => [200, { claimed: true, message: '' }],
    'GET /api/config/minimum-redeemable-threshold': () => [
      200,
      { minimum_redeemable_threshold: 500 },
    ],
    'GET /api/items': () => [200, { success: true, items, count: 2 }],
    'POST /api/create-transaction-token': (call) => [200, formFor(call, ++forms)],
    'POST /api/purchase-tokens': purchase,
    'POST /api/log-payment-error': () => [200, { success: true, message: 'Payment error logged' }],
    'GET /api/transactions': () => [200, { success: true, transactions: [] }],
  });
}

async function openPurchase() {
  renderWithProviders(<TokenSummaryProbe />);
  fireEvent.click(await screen.findByRole('button', { name: 'BUY/REDEEM' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Purchase' }));
  await screen.findByText('Choose a bundle');
}

describe('token purchase overlay', () => {
  it('in French: the bundles, the total in dollars as Quebec writes them, a decline', async () => {
    await setLanguage('fr-CA');
    setUp(() => [500, {}]);
    renderWithProviders(<TokenSummaryProbe />);
    fireEvent.click(await screen.findByRole('button', { name: 'ACHETER/ÉCHANGER' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Acheter' }));
    expect(await screen.findByRole('dialog', { name: 'Acheter des jetons' })).toBeTruthy();
    expect(await screen.findByText('Choisissez un forfait')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Popular/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Augmenter la quantité' }));
    expect(screen.getByText(/^19,98\s\$$/)).toBeTruthy();
    expect(screen.getByText(/^2\s400 jetons$/)).toBeTruthy();
    await waitFor(() => expect(submitted.length).toBeGreaterThan(0), { timeout: 2000 });
    transact({
      responseCode: '2',
      transId: '901',
      errors: [{ errorCode: '2', errorText: 'This transaction has been declined.' }],
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Échec du paiement\u00a0: Cette transaction a été refusée.',
    );
    await act(() => setLanguage('en'));
  });

  it('creates one token 600 ms after the last quantity change, priced as shown', async () => {
    const api = setUp(() => [500, {}]);
    await openPurchase();
    await waitFor(() => expect(api.callsTo('POST /api/create-transaction-token')).toHaveLength(1));
    fireEvent.click(screen.getByRole('radio', { name: /Popular/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(screen.getByText('$29.97')).toBeTruthy();
    expect(screen.getByText('3,600 tokens')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('POST /api/create-transaction-token')).toHaveLength(2), {
      timeout: 2000,
    });
    expect(api.callsTo('POST /api/create-transaction-token')[1]!.body).toEqual({
      item_id: 2,
      item_name: 'Popular',
      quantity: 3,
      amount: 29.97,
      tokens: 3600,
    });
    await waitFor(() => expect(submitted).toEqual(['form-token-1', 'form-token-2']));
    const frame = screen.getByTitle('Secure card payment form');
    expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
    fromForm('action=resizeWindow&width=400&height=700');
    expect(frame.style.height).toBe('700px');
  });

  it('a decline says Payment failed and is logged; an approval buys once, however often reported', async () => {
    let release: (value: [number, unknown]) => void = () => {};
    const api = setUp(
      () =>
        new Promise((resolve) => {
          release = resolve;
        }),
    );
    await openPurchase();
    await waitFor(() => expect(submitted).toHaveLength(1));

    transact({
      responseCode: '2',
      transId: '801',
      errors: [{ errorCode: '2', errorText: 'This transaction has been declined.' }],
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Payment failed: This transaction has been declined.',
    );
    await waitFor(() => expect(api.callsTo('POST /api/log-payment-error')).toHaveLength(1));
    expect(api.callsTo('POST /api/log-payment-error')[0]!.body).toMatchObject({
      errorType: 'PAYMENT_DECLINED',
      itemName: 'Starter',
      applicationError: { message: 'This transaction has been declined.' },
    });

    const approved = { responseCode: '1', transId: '802', authorization: 'ABC123' };
    transact(approved);
    transact(approved);
    transact({ ...approved, transId: '803' });
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
    act(() =>
      release([
        200,
        {
          success: true,
          message: '500 tokens added to your balance.',
          newBalance: 750,
          code: 'PURCHASE_COMPLETED',
          tokens: 500,
        },
      ]),
    );
    expect(await screen.findByText('Success! 500 tokens added to your balance.')).toBeTruthy();
    expect(screen.getByText('New balance: 750 tokens')).toBeTruthy();
    expect(screen.getByTestId('balance').textContent).toBe('750');
    expect(api.callsTo('POST /api/purchase-tokens')).toHaveLength(1);
    expect(api.callsTo('POST /api/purchase-tokens')[0]!.body).toMatchObject({
      transactionId: '802',
      authCode: 'ABC123',
      amount: 4.99,
      tokens: 500,
      quantity: 1,
      item_id: 1,
      item_name: 'Starter',
    });
  });

  it('shows Purchase failed with the server message, and regenerates the form after a cancel', async () => {
    const api = setUp(() => [
      400,
      {
        code: 'SECURITY_VIOLATION',
        message: 'There was a payment processing error. Please try a new payment.',
      },
    ]);
    await openPurchase();
    await waitFor(() => expect(submitted).toHaveLength(1));
    transact({ responseCode: '1', transId: '901', authorization: 'X' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Purchase failed: There was a payment processing error. Please try a new payment.',
    );
    fromForm('action=cancel');
    await waitFor(() => expect(api.callsTo('POST /api/create-transaction-token')).toHaveLength(2), {
      timeout: 2500,
    });
    await waitFor(() => expect(submitted).toEqual(['form-token-1', 'form-token-2']));
  });

  it('names the rate limit when too many forms were asked for', async () => {
    localStorage.setItem('authToken', 'tok-1');
    mockFetch({
      'GET /api/auth/me': () => [200, { user: buildUser() }],
      'GET /api/checkTokens': () => [200, { claimed: true, message: '' }],
      'GET /api/items': () => [200, { success: true, items, count: 2 }],
      'POST /api/create-transaction-token': () => [
        429,
        {
          code: 'TOKEN_CREATION_RATE_LIMIT_EXCEEDED',
          message: 'Too many payment form requests. Please wait 2 minutes before trying again.',
        },
      ],
      'POST /api/log-payment-error': () => [200, { success: true, message: '' }],
    });
    await openPurchase();
    expect((await screen.findByRole('alert', {}, { timeout: 2000 })).textContent).toBe(
      'Too many payment form requests. Please wait 2 minutes before trying again.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says so when nothing is on sale', async () => {
    localStorage.setItem('authToken', 'tok-1');
    mockFetch({
      'GET /api/auth/me': () => [200, { user: buildUser() }],
      'GET /api/checkTokens': () => [200, { claimed: true, message: '' }],
      'GET /api/items': () => [200, { success: true, items: [], count: 0 }],
    });
    renderWithProviders(<TokenSummaryProbe />);
    fireEvent.click(await screen.findByRole('button', { name: 'BUY/REDEEM' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Purchase' }));
    expect(await screen.findByText('No bundles available')).toBeTruthy();
    expect(screen.getByText('No items available for purchase')).toBeTruthy();
  });
});

describe('a form left open', () => {
  it('is logged as PAYMENT_TIMEOUT after 5 minutes and replaced', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = setUp(() => [500, {}]);
      await openPurchase();
      await waitFor(() => expect(submitted).toEqual(['form-token-1']));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(5 * 60 * 1000);
      });
      await waitFor(() => expect(submitted).toEqual(['form-token-1', 'form-token-2']));
      expect(api.callsTo('POST /api/log-payment-error')[0]!.body).toMatchObject({
        errorType: 'PAYMENT_TIMEOUT',
        formToken: 'form-token-1',
      });
      expect(
        screen.getByText('The payment form timed out. A new one has been loaded.'),
      ).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
