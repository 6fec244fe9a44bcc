// Card payments port (architecture 'External services'): a hosted payment form the member
// fills in inside an iframe, a server-side transaction lookup that decides every credit,
// and signed webhooks. `sandbox` (served by this server) and `authnet` (Authorize.Net
// Accept Hosted) implement it.

export type PaymentProvider = 'sandbox' | 'authnet';

/** What a lookup says about a transaction; only `approved` payments are ever credited. */
export type GatewayTransactionState = 'approved' | 'pending' | 'declined' | 'voided';

export interface GatewayTransaction {
  transactionId: string;
  kind: 'payment' | 'refund';
  state: GatewayTransactionState;
  /** For a refund: the payment it gives money back for. */
  refTransactionId: string | null;
  amountCents: number;
  invoiceNumber: string | null;
  authCode: string | null;
  /**
   * The card as the processor reports it (brand and last four digits), for the redemption
   * risk review's 'one card on both sides'; null when it reports none.
   */
  card: { brand: string; last4: string } | null;
}

export interface HostedFormRequest {
  /** Ours, at most 20 characters; comes back on the transaction. */
  invoiceNumber: string;
  amountCents: number;
  description: string;
  customerId: string;
  /** Absolute URL of our iframe communicator page. */
  communicatorUrl: string;
  refId: string;
}

/** A verified webhook delivery, reduced to the transaction it concerns. */
export type GatewayEvent =
  | { kind: 'payment'; transactionId: string }
  | { kind: 'refund'; transactionId: string }
  | { kind: 'void'; transactionId: string }
  | { kind: 'ignored'; eventType: string };

export interface PaymentGateway {
  readonly provider: PaymentProvider;
  /** Where the browser posts the form token (target: the iframe). */
  readonly formUrl: string;
  /** A third-party origin the page must allow in frame-src/form-action; null when it is us. */
  readonly formOrigin: string | null;
  /** The iframe is sandboxed everywhere but on the production card processor. */
  readonly formSandboxed: boolean;
  createHostedForm(request: HostedFormRequest): Promise<{ token: string }>;
  /** null when the processor does not know the transaction. */
  getTransaction(transactionId: string): Promise<GatewayTransaction | null>;
  /** Throws WebhookSignatureError unless the delivery is signed by the processor. */
  readWebhook(rawBody: string, signatureHeader: string | undefined): GatewayEvent;
  close(): Promise<void>;
}

/** The processor could not be reached or answered with an error (retry later). */
export class GatewayUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GatewayUnavailableError';
  }
}

export class WebhookSignatureError extends Error {
  constructor() {
    super('webhook signature does not match');
    this.name = 'WebhookSignatureError';
  }
}
