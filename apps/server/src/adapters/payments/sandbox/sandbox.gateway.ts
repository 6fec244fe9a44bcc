// The local card processor (PAYMENTS_PROVIDER=sandbox, the default): it behaves like
// Authorize.Net Accept Hosted so the whole purchase path runs with nothing configured. It
// issues form tokens, serves the hosted page (sandbox.routes.ts), runs transactions for
// test cards, answers transaction lookups, and sends signed webhooks in Authorize.Net's
// format to our webhook URL. Its state lives in the database, so any server answers.
import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, rows } from '../../../db/client';
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

export interface SandboxForm {
  token: string;
  invoice_number: string;
  description: string;
  amount_cents: number;
  communicator_url: string | null;
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

interface TransactionRow {
  trans_id: string;
  type: 'authCaptureTransaction' | 'refundTransaction';
  ref_trans_id: string | null;
  invoice_number: string;
  amount_cents: number;
  status: string;
  response_code: string;
  auth_code: string | null;
}

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
    await this.options.db.execute(
      sql`INSERT INTO sandbox_gateway_forms
            (token, invoice_number, description, amount_cents, customer_id, communicator_url, expires_at)
          VALUES (${token}, ${request.invoiceNumber}, ${request.description}, ${request.amountCents},
                  ${request.customerId}, ${request.communicatorUrl}, ${expires})`,
    );
    return { token };
  }

  /** The form a posted token opens, while it is still valid. */
  async findForm(token: string): Promise<SandboxForm | null> {
    const [form] = await rows<SandboxForm>(
      this.options.db,
      sql`SELECT token, invoice_number, description, amount_cents, communicator_url
            FROM sandbox_gateway_forms
           WHERE token = ${token} AND expires_at > ${this.options.clock()}`,
    );
    return form ?? null;
  }

  /** Runs the card entered on the hosted page; one approved transaction per form. */
  async transact(token: string, card: CardEntry): Promise<TransactOutcome> {
    const now = this.options.clock();
    const checked = checkCard(card, now);
    if (!checked.ok) return checked;
    const outcome = await this.options.db.transaction(async (tx) => {
      const [form] = await rows<SandboxForm & { expires_at: Date }>(
        tx,
        sql`SELECT token, invoice_number, description, amount_cents, communicator_url, expires_at
              FROM sandbox_gateway_forms WHERE token = ${token} FOR UPDATE`,
      );
      if (!form || new Date(form.expires_at).getTime() <= now.getTime()) {
        return {
          ok: false as const,
          message: 'This payment form has expired. Please start again.',
        };
      }
      const paid = await rows(
        tx,
        sql`SELECT 1 FROM sandbox_gateway_transactions
             WHERE form_token = ${token} AND response_code = '1'`,
      );
      if (paid.length > 0) {
        return { ok: false as const, message: 'This payment form was already used.' };
      }
      const transId = newTransactionId();
      const authCode = checked.approved ? randomBytes(3).toString('hex').toUpperCase() : null;
      const type = cardType(checked.number);
      const last4 = checked.number.slice(-4);
      await tx.execute(
        sql`INSERT INTO sandbox_gateway_transactions
              (trans_id, type, form_token, invoice_number, amount_cents, status, response_code,
               auth_code, card_last4, card_type)
            VALUES (${transId}, 'authCaptureTransaction', ${token}, ${form.invoice_number},
                    ${form.amount_cents}, ${checked.approved ? 'capturedPendingSettlement' : 'declined'},
                    ${checked.approved ? '1' : '2'}, ${authCode}, ${last4}, ${type})`,
      );
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
    const [refund] = await rows<TransactionRow>(
      this.options.db,
      sql`INSERT INTO sandbox_gateway_transactions
            (trans_id, type, ref_trans_id, invoice_number, amount_cents, status, response_code,
             card_last4, card_type)
          SELECT ${refundId}, 'refundTransaction', trans_id, invoice_number, amount_cents,
                 'refundPendingSettlement', '1', card_last4, card_type
            FROM sandbox_gateway_transactions
           WHERE trans_id = ${transactionId} AND type = 'authCaptureTransaction' AND response_code = '1'
          ON CONFLICT DO NOTHING
          RETURNING *`,
    );
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
    const [row] = await rows<TransactionRow>(
      this.options.db,
      sql`SELECT trans_id, type, ref_trans_id, invoice_number, amount_cents, status, response_code, auth_code
            FROM sandbox_gateway_transactions WHERE trans_id = ${transactionId}`,
    );
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
  };
}

/** 11 digits, like Authorize.Net's sandbox ids; the primary key catches the rare repeat. */
function newTransactionId(): string {
  return `8${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;
}
