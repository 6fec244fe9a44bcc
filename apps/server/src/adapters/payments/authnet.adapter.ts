// Authorize.Net Accept Hosted through its JSON API (api.authorize.net/xml/v1/request.api):
// getHostedPaymentPageRequest issues the form token, getTransactionDetailsRequest is the
// server-side check before any credit, and webhooks are verified with X-ANET-Signature.
// The JSON API mirrors an XML schema, so element order inside each request matters, and
// its responses start with a byte order mark.
import { isValidAnetSignature } from './anet-signature';
import {
  type GatewayEvent,
  type GatewayTransaction,
  type GatewayTransactionState,
  GatewayUnavailableError,
  type HostedFormRequest,
  type PaymentGateway,
  WebhookSignatureError,
} from './payments.port';

export interface AuthnetOptions {
  environment: 'sandbox' | 'production';
  apiLoginId: string;
  transactionKey: string;
  signatureKey: string;
  apiUrl?: string;
  formUrl?: string;
  merchantName: string;
  timeoutMs?: number;
}

const ENDPOINTS = {
  sandbox: {
    api: 'https://apitest.authorize.net/xml/v1/request.api',
    form: 'https://test.authorize.net/payment/payment',
  },
  production: {
    api: 'https://api.authorize.net/xml/v1/request.api',
    form: 'https://accept.authorize.net/payment/payment',
  },
} as const;

/** transactionStatus values (Transaction Reporting) grouped by what they mean for a credit. */
const STATES: Record<string, GatewayTransactionState> = {
  settledSuccessfully: 'approved',
  capturedPendingSettlement: 'approved',
  authorizedPendingCapture: 'approved',
  refundSettledSuccessfully: 'approved',
  refundPendingSettlement: 'approved',
  underReview: 'pending',
  FDSPendingReview: 'pending',
  FDSAuthorizedPendingReview: 'pending',
  approvedReview: 'pending',
  authorizedPendingRelease: 'pending',
  voided: 'voided',
};

const PAYMENT_EVENTS = new Set([
  'net.authorize.payment.authcapture.created',
  'net.authorize.payment.authorization.created',
  'net.authorize.payment.capture.created',
  'net.authorize.payment.priorAuthCapture.created',
  'net.authorize.payment.fraud.approved',
]);

const RECORD_NOT_FOUND = 'E00040';

interface AnetMessages {
  resultCode: 'Ok' | 'Error';
  message: { code: string; text: string }[];
}

interface TransactionDetails {
  transId: string;
  refTransId?: string;
  transactionType: string;
  transactionStatus: string;
  responseCode?: number | string;
  authCode?: string;
  authAmount?: number;
  settleAmount?: number;
  order?: { invoiceNumber?: string };
  payment?: { creditCard?: { cardNumber?: string; cardType?: string } };
}

/** 'XXXX1111' and 'Visa' as getTransactionDetails gives them; null unless both are there. */
function reportedCard(tx: TransactionDetails): GatewayTransaction['card'] {
  const card = tx.payment?.creditCard;
  const last4 = card?.cardNumber?.match(/(\d{4})$/)?.[1];
  return last4 && card?.cardType ? { brand: card.cardType, last4 } : null;
}

export class AuthnetGateway implements PaymentGateway {
  readonly provider = 'authnet' as const;
  readonly formUrl: string;
  readonly formOrigin: string;
  readonly formSandboxed: boolean;
  private readonly apiUrl: string;

  constructor(private readonly options: AuthnetOptions) {
    const endpoints = ENDPOINTS[options.environment];
    this.apiUrl = options.apiUrl ?? endpoints.api;
    this.formUrl = options.formUrl ?? endpoints.form;
    this.formOrigin = new URL(this.formUrl).origin;
    this.formSandboxed = options.environment !== 'production';
  }

  async createHostedForm(request: HostedFormRequest): Promise<{ token: string }> {
    const setting = (settingName: string, value: object) => ({
      settingName,
      settingValue: JSON.stringify(value),
    });
    const body = await this.call<{ token?: string }>({
      getHostedPaymentPageRequest: {
        merchantAuthentication: this.auth(),
        refId: request.refId.slice(0, 20),
        transactionRequest: {
          transactionType: 'authCaptureTransaction',
          amount: (request.amountCents / 100).toFixed(2),
          order: {
            invoiceNumber: request.invoiceNumber,
            description: request.description.slice(0, 255),
          },
          customer: { id: request.customerId.slice(0, 20) },
        },
        hostedPaymentSettings: {
          setting: [
            setting('hostedPaymentReturnOptions', { showReceipt: false }),
            setting('hostedPaymentButtonOptions', { text: 'Pay' }),
            setting('hostedPaymentOrderOptions', {
              show: true,
              merchantName: this.options.merchantName,
            }),
            setting('hostedPaymentPaymentOptions', {
              cardCodeRequired: true,
              showCreditCard: true,
              showBankAccount: false,
            }),
            setting('hostedPaymentBillingAddressOptions', { show: true, required: false }),
            setting('hostedPaymentShippingAddressOptions', { show: false, required: false }),
            setting('hostedPaymentIFrameCommunicatorUrl', { url: request.communicatorUrl }),
          ],
        },
      },
    });
    if (!body.token) throw new GatewayUnavailableError('Authorize.Net returned no form token');
    return { token: body.token };
  }

  async getTransaction(transactionId: string): Promise<GatewayTransaction | null> {
    const body = await this.call<{ transaction?: TransactionDetails }>(
      {
        getTransactionDetailsRequest: {
          merchantAuthentication: this.auth(),
          transId: transactionId,
        },
      },
      { notFoundIsNull: true },
    );
    const tx = body.transaction;
    if (!tx) return null;
    const approvedCode = String(tx.responseCode ?? '') === '1';
    const mapped = STATES[tx.transactionStatus] ?? 'declined';
    const amount = tx.authAmount ?? tx.settleAmount ?? 0;
    return {
      transactionId: String(tx.transId),
      kind: tx.transactionType === 'refundTransaction' ? 'refund' : 'payment',
      state: mapped === 'approved' && !approvedCode ? 'declined' : mapped,
      refTransactionId: tx.refTransId ? String(tx.refTransId) : null,
      amountCents: Math.round(Number(amount) * 100),
      invoiceNumber: tx.order?.invoiceNumber ?? null,
      authCode: tx.authCode ?? null,
      card: reportedCard(tx),
    };
  }

  readWebhook(rawBody: string, signatureHeader: string | undefined): GatewayEvent {
    if (!isValidAnetSignature(rawBody, signatureHeader, this.options.signatureKey)) {
      throw new WebhookSignatureError();
    }
    return readAnetEvent(rawBody);
  }

  async close(): Promise<void> {}

  private auth() {
    return { name: this.options.apiLoginId, transactionKey: this.options.transactionKey };
  }

  private async call<T>(
    request: object,
    options: { notFoundIsNull?: boolean } = {},
  ): Promise<T & { messages?: AnetMessages }> {
    let text: string;
    try {
      const response = await fetch(this.apiUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(request),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      });
      text = await response.text();
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
    } catch (error) {
      throw new GatewayUnavailableError('Authorize.Net could not be reached', { cause: error });
    }
    let body: T & { messages?: AnetMessages };
    try {
      body = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch (error) {
      throw new GatewayUnavailableError('Authorize.Net answered with invalid JSON', {
        cause: error,
      });
    }
    if (body.messages?.resultCode !== 'Ok') {
      const first = body.messages?.message?.[0];
      if (options.notFoundIsNull && first?.code === RECORD_NOT_FOUND) return {} as typeof body;
      throw new GatewayUnavailableError(
        `Authorize.Net error ${first?.code ?? '?'}: ${first?.text ?? 'no message'}`,
      );
    }
    return body;
  }
}

/** The event of a verified delivery; the payload is never trusted beyond naming a transaction. */
export function readAnetEvent(rawBody: string): GatewayEvent {
  let event: { eventType?: unknown; payload?: { entityName?: unknown; id?: unknown } };
  try {
    event = JSON.parse(rawBody);
  } catch {
    return { kind: 'ignored', eventType: 'unreadable' };
  }
  const eventType = typeof event.eventType === 'string' ? event.eventType : 'unknown';
  const id = event.payload?.id;
  if (
    event.payload?.entityName !== 'transaction' ||
    (typeof id !== 'string' && typeof id !== 'number')
  ) {
    return { kind: 'ignored', eventType };
  }
  const transactionId = String(id);
  if (PAYMENT_EVENTS.has(eventType)) return { kind: 'payment', transactionId };
  if (eventType === 'net.authorize.payment.refund.created')
    return { kind: 'refund', transactionId };
  if (eventType === 'net.authorize.payment.void.created') return { kind: 'void', transactionId };
  return { kind: 'ignored', eventType };
}
