// PayPal Payouts (REST v1): an OAuth2 client-credentials token, one payout batch per
// redemption whose sender_batch_id is the redemption's id (PayPal refuses a repeat within
// 30 days, so a retry can never pay twice), and webhooks verified by PayPal itself through
// /v1/notifications/verify-webhook-signature.
import { PRODUCT_NAME } from '@bidboard/shared';
import { WebhookSignatureError } from '../payments/payments.port';
import {
  type PayoutEvent,
  type PayoutOutcome,
  type PayoutProvider,
  PayoutRejectedError,
  type PayoutRequest,
  PayoutUnavailableError,
  payoutReference,
  redemptionIdOf,
  type SubmittedPayout,
} from './payouts.port';

export interface PaypalOptions {
  environment: 'sandbox' | 'live';
  clientId: string;
  clientSecret: string;
  webhookId: string;
  apiUrl?: string;
  timeoutMs?: number;
}

const API = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  live: 'https://api-m.paypal.com',
} as const;

const OUTCOMES: Record<string, PayoutOutcome> = {
  'PAYMENT.PAYOUTS-ITEM.SUCCEEDED': 'paid',
  'PAYMENT.PAYOUTS-ITEM.UNCLAIMED': 'unclaimed',
  'PAYMENT.PAYOUTS-ITEM.HELD': 'held',
  'PAYMENT.PAYOUTS-ITEM.FAILED': 'failed',
  'PAYMENT.PAYOUTS-ITEM.RETURNED': 'failed',
  'PAYMENT.PAYOUTS-ITEM.BLOCKED': 'failed',
  'PAYMENT.PAYOUTS-ITEM.DENIED': 'failed',
  'PAYMENT.PAYOUTS-ITEM.CANCELED': 'failed',
  'PAYMENT.PAYOUTS-ITEM.REFUNDED': 'failed',
};

const REASONS: Record<string, string> = {
  'PAYMENT.PAYOUTS-ITEM.RETURNED': 'PayPal returned the unclaimed payout',
  'PAYMENT.PAYOUTS-ITEM.BLOCKED': 'PayPal blocked the payout',
  'PAYMENT.PAYOUTS-ITEM.DENIED': 'PayPal denied the payout',
  'PAYMENT.PAYOUTS-ITEM.CANCELED': 'The payout was canceled',
  'PAYMENT.PAYOUTS-ITEM.REFUNDED': 'The payout was refunded',
};

const SIGNATURE_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

interface PaypalError {
  name?: string;
  message?: string;
  details?: { field?: string; issue?: string; link?: { href?: string; rel?: string }[] }[];
}

export class PaypalPayouts implements PayoutProvider {
  readonly provider = 'paypal' as const;
  private readonly apiUrl: string;
  private token: { value: string; expiresAt: number } | null = null;

  constructor(private readonly options: PaypalOptions) {
    this.apiUrl = (options.apiUrl ?? API[options.environment]).replace(/\/$/, '');
  }

  async submit(request: PayoutRequest): Promise<SubmittedPayout> {
    const reference = payoutReference(request.redemptionId);
    const response = await this.request(
      'POST',
      '/v1/payments/payouts',
      {
        sender_batch_header: {
          sender_batch_id: reference,
          email_subject: `You have a payout from ${PRODUCT_NAME}`,
          email_message: `Your ${PRODUCT_NAME} token redemption has been paid.`,
        },
        items: [
          {
            recipient_type: 'EMAIL',
            amount: { value: (request.amountCents / 100).toFixed(2), currency: 'USD' },
            note: `${PRODUCT_NAME} token redemption #${request.redemptionId}`,
            sender_item_id: reference,
            receiver: request.email,
          },
        ],
      },
      { 'paypal-request-id': reference },
    );
    if (response.status === 201 || response.status === 200) {
      const header = (
        response.body as { batch_header?: { payout_batch_id?: string; batch_status?: string } }
      ).batch_header;
      return {
        batchId: header?.payout_batch_id ?? null,
        status: header?.batch_status ?? 'PENDING',
      };
    }
    const error = response.body as PaypalError;
    const duplicate = error.details?.find((d) => d.field?.toUpperCase() === 'SENDER_BATCH_ID');
    if (response.status === 400 && duplicate) {
      // Already sent by an earlier attempt: PayPal links the original batch.
      const href = duplicate.link?.find((l) => l.rel === 'self')?.href ?? duplicate.link?.[0]?.href;
      return { batchId: href?.split('/').pop() ?? null, status: 'SUBMITTED' };
    }
    if (response.status === 400 || response.status === 422) {
      const issue = error.details?.[0]?.issue ?? error.message ?? 'PayPal refused the payout';
      throw new PayoutRejectedError(issue);
    }
    throw new PayoutUnavailableError(
      `PayPal payout ${response.status}: ${error.name ?? ''} ${error.message ?? ''}`.trim(),
    );
  }

  async readWebhook(
    rawBody: string,
    headers: Record<string, string | undefined>,
  ): Promise<PayoutEvent | null> {
    let event: { event_type?: string; resource?: Record<string, unknown> };
    try {
      event = JSON.parse(rawBody);
    } catch {
      throw new WebhookSignatureError();
    }
    const signature: Record<string, string> = {};
    for (const [field, header] of Object.entries(SIGNATURE_HEADERS)) {
      const value = headers[header];
      if (!value) throw new WebhookSignatureError();
      signature[field] = value;
    }
    const verified = await this.request('POST', '/v1/notifications/verify-webhook-signature', {
      ...signature,
      webhook_id: this.options.webhookId,
      webhook_event: event,
    });
    if (verified.status !== 200) {
      throw new PayoutUnavailableError(`PayPal verification answered ${verified.status}`);
    }
    if ((verified.body as { verification_status?: string }).verification_status !== 'SUCCESS') {
      throw new WebhookSignatureError();
    }
    const eventType = event.event_type ?? '';
    const outcome = OUTCOMES[eventType];
    const resource = event.resource ?? {};
    const item = resource.payout_item as { sender_item_id?: unknown } | undefined;
    const redemptionId = redemptionIdOf(item?.sender_item_id);
    if (!outcome || redemptionId === null) return null;
    const errors = resource.errors as { name?: string; message?: string } | undefined;
    return {
      redemptionId,
      outcome,
      reason:
        outcome === 'failed'
          ? (errors?.message ?? REASONS[eventType] ?? 'PayPal payout failed')
          : null,
      itemId: typeof resource.payout_item_id === 'string' ? resource.payout_item_id : null,
      status:
        typeof resource.transaction_status === 'string' ? resource.transaction_status : eventType,
    };
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString(
      'base64',
    );
    const response = await this.fetch('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
    };
    if (!response.ok || !body.access_token) {
      throw new PayoutUnavailableError(`PayPal OAuth answered ${response.status}`);
    }
    // Renew a minute early so a request never carries a token that expires in flight.
    const lifetime = Math.max(0, (body.expires_in ?? 0) - 60) * 1000;
    this.token = { value: body.access_token, expiresAt: Date.now() + lifetime };
    return body.access_token;
  }

  private async request(
    method: string,
    path: string,
    payload: object,
    extraHeaders: Record<string, string> = {},
  ): Promise<{ status: number; body: unknown }> {
    for (let attempt = 0; ; attempt++) {
      const response = await this.fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${await this.accessToken()}`,
          'content-type': 'application/json',
          accept: 'application/json',
          ...extraHeaders,
        },
        body: JSON.stringify(payload),
      });
      // A token revoked early: fetch a new one once.
      if (response.status === 401 && attempt === 0) {
        this.token = null;
        continue;
      }
      return { status: response.status, body: await response.json().catch(() => ({})) };
    }
  }

  private async fetch(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${this.apiUrl}${path}`, {
        ...init,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new PayoutUnavailableError('PayPal could not be reached', { cause: error });
    }
  }
}
