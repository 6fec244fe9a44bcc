// The settlement hold's and clawback's stage: a card purchase credited as the processor
// confirms it (creditPayment, at the test clock's instant), an open auction, a bid of one
// member on another that the period close turns into a pending connection, and engagement
// (accepted, both wrote once).
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { type Db, rows } from '../src/db/client';
import { closePeriod, ensureOpenPeriod } from '../src/modules/auctions/periods.service';
import { placeBid } from '../src/modules/bids/bids.service';
import { changeConnectionStatus } from '../src/modules/connections/connections.service';
import { recordMessageSent } from '../src/modules/connections/engagement.service';
import type { PaymentsContext } from '../src/modules/payments/payments.context';
import { creditPayment } from '../src/modules/payments/purchase-credit';

export type StageContext = PaymentsContext & { clock: () => Date };

export function stageContext(db: Db, clock: () => Date): StageContext {
  return {
    db,
    clock,
    config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false' }),
    gateway: { provider: 'sandbox' },
    payouts: { provider: 'manual' },
  } as unknown as StageContext;
}

let invoices = 0;

/** Buys `tokens` for as many cents; returns the purchase and its processor transaction. */
export async function buyTokens(ctx: StageContext, userId: number, tokens: number) {
  const [bundle] = await rows<{ id: number; name: string }>(
    ctx.db,
    sql`SELECT id, name FROM token_bundles ORDER BY id LIMIT 1`,
  );
  const invoice = `stage-${userId}-${++invoices}-${Date.now()}`;
  await ctx.db.execute(
    sql`INSERT INTO payment_intents (user_id, bundle_id, item_name, quantity, tokens, amount_cents,
                                     provider, invoice_number)
        VALUES (${userId}, ${bundle!.id}, ${bundle!.name}, 1, ${tokens}, ${tokens}, 'sandbox', ${invoice})`,
  );
  const credited = await creditPayment(
    ctx,
    {
      transactionId: invoice,
      kind: 'payment',
      state: 'approved',
      refTransactionId: null,
      amountCents: tokens,
      invoiceNumber: invoice,
      authCode: null,
      card: null,
    },
    'client',
  );
  if (credited.status !== 'credited') throw new Error(`purchase ${credited.status}`);
  return { purchaseId: credited.purchaseId, transactionId: invoice };
}

/** `ownerId`'s auction in a period of its own, open from now (bids stay in its escrow). */
export async function openAuction(
  ctx: StageContext,
  clock: { set: (d: Date) => void },
  ownerId: number,
): Promise<{ id: number }> {
  // A test's clock may have jumped past the last period.
  await closePeriod(ctx.db, ctx.clock(), { force: true });
  clock.set(new Date(ctx.clock().getTime() + 1000));
  const period = await ensureOpenPeriod(ctx.db, ctx.clock());
  const [auction] = await rows<{ id: number }>(
    ctx.db,
    sql`INSERT INTO auctions (user_id, period_id) VALUES (${ownerId}, ${period.id})
        ON CONFLICT (user_id, period_id) DO UPDATE SET updated_at = now() RETURNING id`,
  );
  return auction!;
}

/** `bidderId` bids `amount` on `ownerId`'s auction and the period closes: the connection. */
export async function pendingConnection(
  ctx: StageContext,
  clock: { set: (d: Date) => void },
  bidderId: number,
  ownerId: number,
  amount: number,
): Promise<{ id: number; user_id: number; partner_id: number }> {
  const auction = await openAuction(ctx, clock, ownerId);
  await placeBid(ctx, { auctionId: auction.id, bidderId, amount });
  clock.set(new Date(ctx.clock().getTime() + 1000));
  await closePeriod(ctx.db, ctx.clock(), { force: true });
  const [connection] = await rows<{ id: number; user_id: number; partner_id: number }>(
    ctx.db,
    sql`SELECT id, user_id, partner_id FROM connections WHERE auction_id = ${auction.id}`,
  );
  return connection!;
}

/** The owner accepts and both write once: the owner's reward. */
export async function engage(
  ctx: StageContext,
  connection: { id: number; user_id: number; partner_id: number },
) {
  await changeConnectionStatus(ctx, {
    connectionId: connection.id,
    memberId: connection.partner_id,
    status: 'accepted',
  });
  for (const [senderId, partnerId] of [
    [connection.user_id, connection.partner_id],
    [connection.partner_id, connection.user_id],
  ] as const) {
    await ctx.db.transaction((tx) =>
      recordMessageSent(tx, { senderId, partnerId, now: ctx.clock() }),
    );
  }
}
