// The redemption screen: the rules of §5 as the member meets them, the value the member
// will actually get (campaign part and base part) before they confirm, and every outcome.
import { CAMPAIGN_MESSAGES, redemptionValue } from '@bidboard/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLanguage, textsReady } from '@/lib/i18n';
import { buildUser } from '@/test/factories';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { TokenSummaryProbe } from './token-actions.probe';

const PLENTY = { budget: 1_000_000, member: 1_000_000 };

/** The server's answer to a redemption of 500 tokens worth $24.75 to me@example.com. */
function submitted(redemption: Record<string, unknown> = {}) {
  return {
    success: true,
    message: 'Redemption request submitted.',
    newBalance: 500,
    newRedeemableBalance: 320,
    redemption: {
      id: 9,
      token_amount: 500,
      amount_cents: 2475,
      campaign_cents: 2000,
      fee_cents: 25,
      multiplier: 5,
      paypal_email: 'me@example.com',
      status: 'pending',
      reason: null,
      created_at: '2026-03-02T15:00:00Z',
      ...redemption,
    },
  };
}

function setUp(
  redeem: () => [number, unknown],
  redeemable = 820,
  multiplier = 5,
  left: { budget: number; member: number } = PLENTY,
) {
  localStorage.setItem('authToken', 'tok-1');
  const limits = {
    multiplier,
    feeCents: 25,
    budgetLeftCents: left.budget,
    memberLeftCents: left.member,
  };
  return mockFetch({
    'GET /api/auth/me': () => [
      200,
      { user: buildUser({ tokenBalance: 1000, redeemableTokens: redeemable }) },
    ],
    'GET /api/checkTokens': () => [200, { claimed: true, message: '' }],
    'GET /api/config/minimum-redeemable-threshold': () => [
      200,
      { minimum_redeemable_threshold: 500 },
    ],
    'GET /api/config/token-redemption-multiplier': () => [
      200,
      { token_redemption_multiplier: multiplier },
    ],
    // The server's quote, valued with the same shared function the server uses.
    'GET /api/redemptions/quote': (call) => {
      const tokens = Number(call.query.get('tokens'));
      const value = redemptionValue(tokens, limits);
      return [
        200,
        {
          success: true,
          tokens,
          base_cents: value.baseCents,
          campaign_cents: value.campaignCents,
          amount_cents: value.amountCents,
          multiplier,
          fee_cents: 25,
          campaign_left_cents: Math.min(left.budget, left.member),
          budget_spent: multiplier > 1 && left.budget <= 0,
        },
      ];
    },
    'POST /api/redeem-tokens': redeem,
    'GET /api/transactions': () => [200, { success: true, transactions: [] }],
  });
}

async function openRedeem() {
  renderWithProviders(<TokenSummaryProbe />);
  fireEvent.click(await screen.findByRole('button', { name: 'BUY/REDEEM' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Redeem' }));
  await screen.findByText('Tokens to redeem');
}

const digit = (i: number) => screen.getByLabelText(`Redeem digit ${i}`) as HTMLInputElement;
/** Clicks a box and types there, as a member does. */
async function typeFrom(box: number, keys: string) {
  await userEvent.click(digit(box));
  await userEvent.keyboard(keys);
}

const digitsValue = () =>
  [1, 2, 3, 4, 5]
    .map((i) => (screen.getByLabelText(`Redeem digit ${i}`) as HTMLInputElement).value)
    .join('');

describe('token redemption screen', () => {
  it('starts at the redeemable amount, steps by 10 within the limits and shows what is paid', async () => {
    setUp(() => [500, {}]);
    await openRedeem();
    expect(digitsValue()).toBe('00820');
    expect(await screen.findByText('5X multiplier in effect')).toBeTruthy();
    expect(screen.getByText('You will receive (minus fees): $40.75')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Increase by 10' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Decrease by 10' }));
    expect(digitsValue()).toBe('00810');
    expect(screen.getByText("What's your PayPal email?")).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Redeem' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('types like one number field: a digit equal to the box it overwrites moves on too', async () => {
    setUp(() => [500, {}]);
    await openRedeem();
    expect(digitsValue()).toBe('00820');
    // The bid-box bug, here: typing 7, 2, 0 from the third box gave 00700 (the 2 over
    // a 2 did not advance, so the 0 overwrote it).
    await typeFrom(3, '720');
    expect(digitsValue()).toBe('00720');
    expect(document.activeElement).toBe(digit(5));
    await userEvent.keyboard('{Backspace}{Backspace}');
    expect(digitsValue()).toBe('00700');
    fireEvent.paste(digit(1), { clipboardData: { getData: () => '650 tokens' } });
    expect(digitsValue()).toBe('00650');
  });

  it('says which rule an entry breaks', async () => {
    setUp(() => [500, {}]);
    await openRedeem();
    await typeFrom(3, '3');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Minimum redemption amount is 500 tokens',
    );
    await typeFrom(3, '9');
    expect(screen.getByRole('alert').textContent).toBe('Insufficient redeemable tokens');
    await typeFrom(5, '{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}');
    expect(digitsValue()).toBe('00000');
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid token amount');
    await typeFrom(3, '6');
    const email = screen.getByLabelText("What's your PayPal email?");
    fireEvent.change(email, { target: { value: 'no-at-sign' } });
    fireEvent.blur(email);
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid PayPal email address');
  });

  it('submits, then says Redemption request submitted. and shows the new balances', async () => {
    const api = setUp(() => [200, submitted()]);
    await openRedeem();
    await typeFrom(3, '500');
    expect(digitsValue()).toBe('00500');
    fireEvent.change(screen.getByLabelText("What's your PayPal email?"), {
      target: { value: ' me@example.com ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('Redemption request submitted.')).toBeTruthy();
    expect(api.callsTo('POST /api/redeem-tokens')[0]!.body).toEqual({
      token_amount: 500,
      paypal_email: 'me@example.com',
      expected_cents: 2475,
    });
    expect(screen.getByTestId('balance').textContent).toBe('500');
    expect(
      screen.getByText(
        'We pay $24.75 to me@example.com. Your history shows it as pending until it is paid.',
      ),
    ).toBeTruthy();
  });

  it('a redemption held for the payee profile says so, not that it is on its way', async () => {
    setUp(() => [200, submitted({ awaiting_payee_profile: true, payee_profile_complete: false })]);
    await openRedeem();
    await typeFrom(3, '500');
    fireEvent.change(screen.getByLabelText("What's your PayPal email?"), {
      target: { value: 'me@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    const title = await screen.findByText('Redemption request submitted.');
    expect(title.classList.contains('redeem__done-title--held')).toBe(true);
    expect(
      screen.getByText(
        'We pay $24.75 to me@example.com once your payee profile is complete. Your history shows it as pending until then.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/until it is paid/)).toBeNull();
  });

  it('shows Redemption failed with the server message, or PayPal not found without one', async () => {
    setUp(() => [400, { code: 'INSUFFICIENT_TOKENS', message: 'Insufficient redeemable tokens' }]);
    await openRedeem();
    fireEvent.change(screen.getByLabelText("What's your PayPal email?"), {
      target: { value: 'me@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Redemption failed: Insufficient redeemable tokens',
      ),
    );
  });

  it('falls back to PayPal not found', async () => {
    setUp(() => [502, undefined as unknown]);
    await openRedeem();
    fireEvent.change(screen.getByLabelText("What's your PayPal email?"), {
      target: { value: 'me@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Redemption failed: PayPal not found'),
    );
  });

  it('shows the campaign part and the base part before the member confirms', async () => {
    setUp(() => [500, {}]);
    await openRedeem();
    // 820 tokens at 5X, fee 25 cents: $7.95 base and $32.80 from the campaign.
    expect(await screen.findByText('5X campaign bonus: $32.80')).toBeTruthy();
    expect(screen.getByText('Base value (1 cent a token, minus fees): $7.95')).toBeTruthy();
    expect(screen.getByText('5X multiplier in effect')).toBeTruthy();
    expect(screen.getByText('You will receive (minus fees): $40.75')).toBeTruthy();
  });

  it('values only what is left of the budget', async () => {
    setUp(() => [500, {}], 820, 5, { budget: 1000, member: 5000 });
    await openRedeem();
    expect(await screen.findByText('5X campaign bonus: $10.00')).toBeTruthy();
    expect(screen.getByText(CAMPAIGN_MESSAGES.partly)).toBeTruthy();
    expect(screen.getByText('You will receive (minus fees): $17.95')).toBeTruthy();
  });

  it('says the budget is spent and shows the base rate', async () => {
    setUp(() => [500, {}], 820, 5, { budget: 0, member: 5000 });
    await openRedeem();
    expect(await screen.findByText(CAMPAIGN_MESSAGES.budgetSpent)).toBeTruthy();
    expect(screen.getByText('1X multiplier in effect')).toBeTruthy();
    expect(screen.queryByText('5X multiplier in effect')).toBeNull();
    expect(screen.getByText('You will receive (minus fees): $7.95')).toBeTruthy();
  });

  it('says the member reached the cap', async () => {
    setUp(() => [500, {}], 820, 5, { budget: 50_000, member: 0 });
    await openRedeem();
    expect(await screen.findByText(CAMPAIGN_MESSAGES.memberCapReached)).toBeTruthy();
    expect(screen.getByText('You will receive (minus fees): $7.95')).toBeTruthy();
  });

  it('shows the new value when the budget ran out before the member confirmed', async () => {
    const api = setUp(() => [
      409,
      { code: 'CONFLICT', message: CAMPAIGN_MESSAGES.valueChanged(795) },
    ]);
    await openRedeem();
    await screen.findByText('You will receive (minus fees): $40.75');
    const quotes = api.callsTo('GET /api/redemptions/quote').length;
    fireEvent.change(screen.getByLabelText("What's your PayPal email?"), {
      target: { value: 'me@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'The value of this redemption changed to $7.95. Check it and redeem again.',
      ),
    );
    await waitFor(() =>
      expect(api.callsTo('GET /api/redemptions/quote').length).toBeGreaterThan(quotes),
    );
  });

  it('keeps Redeem disabled below the minimum and says so', async () => {
    setUp(() => [500, {}], 300);
    renderWithProviders(<TokenSummaryProbe />);
    fireEvent.click(await screen.findByRole('button', { name: 'BUY/REDEEM' }));
    const button = (await screen.findByRole('button', {
      name: '500 minimum',
    })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });
});

describe('token redemption screen in Canadian French', () => {
  async function inFrench() {
    await act(() => setLanguage('fr-CA'));
    await act(() => textsReady({ later: true }));
  }
  const frenchDigit = (i: number) =>
    screen.getByLabelText(`Jetons à échanger, chiffre ${i}`) as HTMLInputElement;
  const exact = { normalizer: (text: string) => text.replace(/[\u00a0\u202f]/g, '~') };

  async function openInFrench() {
    renderWithProviders(<TokenSummaryProbe />);
    fireEvent.click(await screen.findByRole('button', { name: 'ACHETER/ÉCHANGER' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Échanger' }));
    await screen.findByText('Jetons à échanger');
  }

  it('words the amounts, the value, the rules and the outcome in French, money as 62,25 $', async () => {
    await inFrench();
    try {
      setUp(() => [200, submitted()], 1250);
      await openInFrench();
      expect(await screen.findByRole('dialog', { name: 'Échanger des jetons' })).toBeTruthy();
      expect(screen.getByText('1~250 jetons échangeables · minimum de 500', exact)).toBeTruthy();
      expect(await screen.findByText('Multiplicateur 5X en vigueur')).toBeTruthy();
      expect(screen.getByText('Vous recevrez (moins les frais)~: 62,25~$', exact)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Diminuer de 10' })).toBeTruthy();
      await userEvent.click(frenchDigit(2));
      await userEvent.keyboard('0');
      await userEvent.click(frenchDigit(3));
      await userEvent.keyboard('3');
      expect((await screen.findByRole('alert')).textContent).toBe(
        'Le minimum à échanger est de 500 jetons',
      );
      await userEvent.click(frenchDigit(3));
      await userEvent.keyboard('500');
      const email = screen.getByLabelText('Quelle est votre adresse courriel PayPal?');
      expect(email.getAttribute('placeholder')).toBe('vous@exemple.com');
      fireEvent.change(email, { target: { value: 'no-at-sign' } });
      fireEvent.blur(email);
      expect(screen.getByRole('alert').textContent).toBe(
        'Entrez une adresse courriel PayPal valide',
      );
      fireEvent.change(email, { target: { value: 'me@example.com' } });
      fireEvent.click(screen.getByRole('button', { name: 'Échanger' }));
      expect(await screen.findByText('Demande d’échange envoyée.')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Terminé' })).toBeTruthy();
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('says a refusal from the server in French', async () => {
    await inFrench();
    try {
      setUp(() => [
        400,
        {
          code: 'INSUFFICIENT_TOKENS',
          message: 'Insufficient redeemable tokens',
          key: 'REDEMPTION_MESSAGES.insufficient',
        },
      ]);
      await openInFrench();
      fireEvent.change(screen.getByLabelText('Quelle est votre adresse courriel PayPal?'), {
        target: { value: 'me@example.com' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Échanger' }));
      await waitFor(() =>
        expect(screen.getByRole('alert').textContent).toBe(
          'Échec de l’échange\u00a0: Jetons échangeables insuffisants',
        ),
      );
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});
