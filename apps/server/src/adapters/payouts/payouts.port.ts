// Cash payouts port (architecture 'External services'): `manual` leaves each pending
// redemption to an admin; `paypal` sends it through PayPal Payouts and learns the outcome
// from PayPal's verified webhooks.

export type PayoutProviderName = 'manual' | 'paypal';

export interface PayoutRequest {
  redemptionId: number;
  email: string;
  amountCents: number;
}

export interface SubmittedPayout {
  batchId: string | null;
  status: string;
}

/** What a payout item's event means for its redemption. */
export type PayoutOutcome = 'paid' | 'failed' | 'unclaimed' | 'held';

export interface PayoutEvent {
  redemptionId: number;
  outcome: PayoutOutcome;
  /** PayPal's words for a failure, kept as the redemption's reason. */
  reason: string | null;
  itemId: string | null;
  status: string;
}

export interface PayoutProvider {
  readonly provider: PayoutProviderName;
  /** Sends the money; null when nothing is sent automatically (manual). Safe to repeat. */
  submit(request: PayoutRequest): Promise<SubmittedPayout | null>;
  /** Verifies a webhook delivery with the provider; null for events about something else. */
  readWebhook?(
    rawBody: string,
    headers: Record<string, string | undefined>,
  ): Promise<PayoutEvent | null>;
}

export class PayoutUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PayoutUnavailableError';
  }
}

/** PayPal refused the payout itself (an address it cannot pay, say): retrying will not help. */
export class PayoutRejectedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'PayoutRejectedError';
  }
}

/** The idempotent batch and item id of a redemption's payout (and its way back). */
export const payoutReference = (redemptionId: number) => `redemption-${redemptionId}`;
export function redemptionIdOf(reference: unknown): number | null {
  const match = typeof reference === 'string' ? /^redemption-(\d{1,10})$/.exec(reference) : null;
  return match ? Number(match[1]) : null;
}
