// The local card processor (PAYMENTS_PROVIDER=sandbox, the default): it behaves like
// Authorize.Net Accept Hosted so the whole purchase path runs with nothing configured. It
// issues form tokens, serves the hosted page (sandbox.routes.ts), runs transactions for
// test cards, answers transaction lookups, and sends signed webhooks in Authorize.Net's
// format to our webhook URL. Its state lives in the database, so any server answers.
import { randomBytes, randomInt } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import type { Clock } from '../../../lib/context';
import { isValidAnetSignature, signAnetBody } from '../anet-signature';
import { readAnetEvent } from '../authnet.adapter';
import {
  type GatewayEvent,
  type GatewayTransaction,
  type GatewayTransactionState,
  type HostedFormRequest,
  type PaymentGateway,
  WebhookSignatureError,
} from '../payments.port';
import {
  formForUpdate,
  formIsPaid,
  insertForm,
  insertPayment,
  insertRefund,
  type SandboxForm,
  type TransactionRow,
  transactionById,
  unexpiredForm,
} from './sandbox.repository';
import { type CardEntry, cardType, checkCard, SANDBOX_CARD_MESSAGES } from './test-cards';

/** Accept Hosted form tokens are good for 15 minutes. */
const FORM_LIFETIME_MS = 15 * 60 * 1000;
const WEBHOOK_ATTEMPTS = 3;
const WEBHOOK_RETRY_MS = 2000;
export const SANDBOX_FORM_PATH = '/api/payments/sandbox/payment';

export interface SandboxWebhookOptions {
  enabled: boolean;
  delayMs: number;
  /** Our webhook URL, asked at send time (the listening port is known only then). */
  target: () => string | null;
  onError: (error: unknown) => void;
}

export interface SandboxGatewayOptions {
  db: Db;
  clock: Clock;
  signatureKey: string;
  merchantName: string;
  webhooks: SandboxWebhookOptions;
}

/** The transactResponse the hosted page hands to our communicator (Accept Hosted's fields). */
export const sandboxTransactResponse = z.object({
  transId: z.string(),
  responseCode: z.string(),
  authorization: z.string(),
  accountType: z.string(),
  accountNumber: z.string(),
  merchantName: z.string(),
  orderInvoiceNumber: z.string(),
  orderDescription: z.string(),
  totalAmount: z.string(),
  dateTime: z.string(),
  errors: z.array(z.object({ errorCode: z.string(), errorText: z.string() })).optional(),
});
export type SandboxTransactResponse = z.infer<typeof sandboxTransactResponse>;

export type TransactOutcome =
  | { ok: true; response: SandboxTransactResponse }
  | { ok: false; message: string };

const STATE_OF: Record<string, GatewayTransactionState> = {
  capturedPendingSettlement: 'approved',
  refundPendingSettlement: 'approved',
  declined: 'declined',
  voided: 'voided',
};

export class SandboxGateway implements PaymentGateway {
  readonly provider = 'sandbox' as const;
  readonly formUrl = SANDBOX_FORM_PATH;
  readonly formOrigin = null;
  readonly formSandboxed = true;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly options: SandboxGatewayOptions) {}

  async createHostedForm(request: HostedFormRequest): Promise<{ token: string }> {
    const token = randomBytes(48).toString('base64url');
    const expires = new Date(this.options.clock().getTime() + FORM_LIFETIME_MS);
    await insertForm(this.options.db, token, request, expires);
    return { token };
  }

  /** The form a posted token opens, while it is still valid. */
  async findForm(token: string): Promise<SandboxForm | null> {
    const form = await unexpiredForm(this.options.db, token, this.options.clock());
    return form ?? null;
  }

  /** Runs the card entered on the hosted page; one approved transaction per form. */
  async transact(token: string, card: CardEntry): Promise<TransactOutcome> {
    const now = this.options.clock();
    const checked = checkCard(card, now);
    if (!checked.ok) return checked;
    const outcome = await this.options.db.transaction(async (tx) => {
      const form = await formForUpdate(tx, token);
      if (!form || new Date(form.expires_at).getTime() <= now.getTime()) {
        return {
          ok: false as const,
          message: 'This payment form has expired. Please start again.',
        };
      }
      if (await formIsPaid(tx, token)) {
        return { ok: false as const, message: 'This payment form was already used.' };
      }
      const transId = newTransactionId();
      const authCode = checked.approved ? randomBytes(3).toString('hex').toUpperCase() : null;
      const type = cardType(checked.number);
      const last4 = checked.number.slice(-4);
      await insertPayment(tx, {
        transId,
        form,
        approved: checked.approved,
        authCode,
        last4,
        cardType: type,
      });
      const response: SandboxTransactResponse = {
        transId,
        responseCode: checked.approved ? '1' : '2',
        authorization: authCode ?? '',
        accountType: type,
        accountNumber: `XXXX${last4}`,
        merchantName: this.options.merchantName,
        orderInvoiceNumber: form.invoice_number,
        orderDescription: form.description,
        totalAmount: (form.amount_cents / 100).toFixed(2),
        dateTime: now.toISOString(),
        ...(checked.approved
          ? {}
          : { errors: [{ errorCode: '2', errorText: SANDBOX_CARD_MESSAGES.declined }] }),
      };
      return { ok: true as const, response, amountCents: form.amount_cents };
    });
    if (outcome.ok && outcome.response.responseCode === '1') {
      this.sendWebhook('net.authorize.payment.authcapture.created', {
        responseCode: 1,
        authCode: outcome.response.authorization,
        authAmount: outcome.amountCents / 100,
        invoiceNumber: outcome.response.orderInvoiceNumber,
        entityName: 'transaction',
        id: outcome.response.transId,
      });
    }
    return outcome.ok ? { ok: true, response: outcome.response } : outcome;
  }

  /** Gives a payment's money back, as a merchant would in the processor's dashboard. */
  async refund(transactionId: string): Promise<GatewayTransaction> {
    const refundId = newTransactionId();
    const refund = await insertRefund(this.options.db, refundId, transactionId);
    if (!refund) throw new Error(`no refundable sandbox transaction ${transactionId}`);
    this.sendWebhook('net.authorize.payment.refund.created', {
      responseCode: 1,
      authAmount: refund.amount_cents / 100,
      invoiceNumber: refund.invoice_number,
      entityName: 'transaction',
      id: refund.trans_id,
    });
    return present(refund);
  }

  async getTransaction(transactionId: string): Promise<GatewayTransaction | null> {
    const row = await transactionById(this.options.db, transactionId);
    return row ? present(row) : null;
  }

  readWebhook(rawBody: string, signatureHeader: string | undefined): GatewayEvent {
    if (!isValidAnetSignature(rawBody, signatureHeader, this.options.signatureKey)) {
      throw new WebhookSignatureError();
    }
    return readAnetEvent(rawBody);
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private sendWebhook(eventType: string, payload: Record<string, unknown>) {
    const { webhooks } = this.options;
    if (!webhooks.enabled) return;
    const body = JSON.stringify({
      notificationId: randomBytes(16).toString('hex'),
      eventType,
      eventDate: this.options.clock().toISOString(),
      webhookId: 'sandbox',
      payload,
    });
    const attempt = (n: number, delay: number) => {
      const timer = setTimeout(async () => {
        this.timers.delete(timer);
        const url = webhooks.target();
        if (!url) return;
        try {
          const response = await fetch(url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-anet-signature': signAnetBody(body, this.options.signatureKey),
            },
            body,
            signal: AbortSignal.timeout(10_000),
          });
          if (!response.ok) throw new Error(`webhook answered ${response.status}`);
        } catch (error) {
          if (n + 1 < WEBHOOK_ATTEMPTS) attempt(n + 1, WEBHOOK_RETRY_MS * (n + 1));
          else webhooks.onError(error);
        }
      }, delay);
      timer.unref();
      this.timers.add(timer);
    };
    attempt(0, webhooks.delayMs);
  }
}

function present(row: TransactionRow): GatewayTransaction {
  return {
    transactionId: row.trans_id,
    kind: row.type === 'refundTransaction' ? 'refund' : 'payment',
    state: STATE_OF[row.status] ?? 'declined',
    refTransactionId: row.ref_trans_id,
    amountCents: row.amount_cents,
    invoiceNumber: row.invoice_number,
    authCode: row.auth_code,
    card: { brand: row.card_type, last4: row.card_last4 },
  };
}

/** 11 digits, like Authorize.Net's sandbox ids; the primary key catches the rare repeat. */
function newTransactionId(): string {
  return `8${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;
}
