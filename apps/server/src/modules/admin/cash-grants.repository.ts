// The cash an operator recorded for a paid or redeemable grant: counted as cash taken in by
// the economy report, next to card purchases.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

export async function recordCashGrant(
  tx: Executor,
  grant: {
    userId: number;
    transactionId: number;
    tokens: number;
    cents: number;
    reference: string;
    adminId: number | null;
  },
) {
  await tx.execute(
    sql`INSERT INTO admin_cash_grants
          (user_id, transaction_id, tokens, amount_cents, cash_reference, admin_id)
        VALUES (${grant.userId}, ${grant.transactionId}, ${grant.tokens}, ${grant.cents},
                ${grant.reference.trim()}, ${grant.adminId})`,
  );
}
