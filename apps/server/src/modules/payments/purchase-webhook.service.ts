// The card processor's signed webhooks: a second path to the same credit, so a member who
// pays and closes the tab still gets the tokens once; and refunds and voids, which take
// them back. A delivery only names a transaction: what happened is read from the
// processor again before anything moves. An error answers 5xx so the processor retries.
import type { GatewayEvent } from '../../adapters/payments/payments.port';
import type { PaymentsContext } from './payments.context';
import { creditPayment, findIntentByInvoice } from './purchase-credit';
import { reversePurchase } from './purchase-reversal.service';

export type WebhookOutcome =
  | 'credited'
  | 'already-credited'
  | 'reversed'
  | 'already-reversed'
  | 'ignored';

export async function handleGatewayEvent(
  ctx: PaymentsContext,
  event: GatewayEvent,
): Promise<WebhookOutcome> {
  if (event.kind === 'ignored') return 'ignored';
  const transaction = await ctx.gateway.getTransaction(event.transactionId);
  if (!transaction) return 'ignored';

  if (event.kind === 'payment') {
    // Held for review: the processor sends another event once it is approved.
    if (transaction.kind !== 'payment' || transaction.state !== 'approved') return 'ignored';
    const intent = await findIntentByInvoice(ctx, transaction.invoiceNumber);
    if (!intent) return 'ignored';
    if (transaction.amountCents !== intent.amount_cents) {
      ctx.log?.error(
        { transactionId: transaction.transactionId, intentId: intent.id },
        'paid amount differs from the intent; not credited',
      );
      return 'ignored';
    }
    const result = await creditPayment(ctx, transaction, 'webhook');
    if (result.status === 'credited') return 'credited';
    return result.status === 'duplicate' ? 'already-credited' : 'ignored';
  }

  const refunded =
    event.kind === 'refund'
      ? transaction.kind === 'refund' && transaction.state === 'approved'
        ? transaction.refTransactionId
        : null
      : transaction.state === 'voided'
        ? transaction.transactionId
        : null;
  if (!refunded) return 'ignored';
  const reversal = await reversePurchase(ctx, { transactionId: refunded, reason: event.kind });
  if (reversal.status === 'reversed') return 'reversed';
  return reversal.status === 'already' ? 'already-reversed' : 'ignored';
}
