// SQL of the local card processor's state: its hosted forms and the transactions run on
// them, kept in the database so any server answers.
import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../../db/client';
import type { HostedFormRequest } from '../payments.port';

export interface SandboxForm {
  token: string;
  invoice_number: string;
  description: string;
  amount_cents: number;
  communicator_url: string | null;
}

export interface TransactionRow {
  trans_id: string;
  type: 'authCaptureTransaction' | 'refundTransaction';
  ref_trans_id: string | null;
  invoice_number: string;
  amount_cents: number;
  status: string;
  response_code: string;
  auth_code: string | null;
  card_last4: string;
  card_type: string;
}

export async function insertForm(db: Db, token: string, request: HostedFormRequest, expires: Date) {
  await db.execute(
    sql`INSERT INTO sandbox_gateway_forms
          (token, invoice_number, description, amount_cents, customer_id, communicator_url, expires_at)
        VALUES (${token}, ${request.invoiceNumber}, ${request.description}, ${request.amountCents},
                ${request.customerId}, ${request.communicatorUrl}, ${expires})`,
  );
}

/** The form `token` names if it has not expired at `now`. */
export async function unexpiredForm(db: Db, token: string, now: Date) {
  const [form] = await rows<SandboxForm>(
    db,
    sql`SELECT token, invoice_number, description, amount_cents, communicator_url
          FROM sandbox_gateway_forms
         WHERE token = ${token} AND expires_at > ${now}`,
  );
  return form;
}

export async function formForUpdate(tx: Tx, token: string) {
  const [form] = await rows<SandboxForm & { expires_at: Date }>(
    tx,
    sql`SELECT token, invoice_number, description, amount_cents, communicator_url, expires_at
          FROM sandbox_gateway_forms WHERE token = ${token} FOR UPDATE`,
  );
  return form;
}

/** Whether an approved transaction was already run on the form. */
export async function formIsPaid(tx: Tx, token: string): Promise<boolean> {
  const paid = await rows(
    tx,
    sql`SELECT 1 FROM sandbox_gateway_transactions
         WHERE form_token = ${token} AND response_code = '1'`,
  );
  return paid.length > 0;
}

export async function insertPayment(
  tx: Tx,
  payment: {
    transId: string;
    form: SandboxForm;
    approved: boolean;
    authCode: string | null;
    last4: string;
    cardType: string;
  },
) {
  const { transId, form, approved, authCode, last4, cardType } = payment;
  await tx.execute(
    sql`INSERT INTO sandbox_gateway_transactions
          (trans_id, type, form_token, invoice_number, amount_cents, status, response_code,
           auth_code, card_last4, card_type)
        VALUES (${transId}, 'authCaptureTransaction', ${form.token}, ${form.invoice_number},
                ${form.amount_cents}, ${approved ? 'capturedPendingSettlement' : 'declined'},
                ${approved ? '1' : '2'}, ${authCode}, ${last4}, ${cardType})`,
  );
}

/**
 * Records refund `refundId` of approved payment `transactionId`; undefined when there is
 * no such payment or it was refunded already.
 */
export async function insertRefund(db: Db, refundId: string, transactionId: string) {
  const [refund] = await rows<TransactionRow>(
    db,
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
  return refund;
}

export async function transactionById(db: Db, transactionId: string) {
  const [row] = await rows<TransactionRow>(
    db,
    sql`SELECT trans_id, type, ref_trans_id, invoice_number, amount_cents, status, response_code, auth_code,
               card_last4, card_type
          FROM sandbox_gateway_transactions WHERE trans_id = ${transactionId}`,
  );
  return row;
}
