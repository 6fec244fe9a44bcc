// The bundle floor as seen from the business settings: a payout fee is checked against the
// active bundles inside the settings transaction. It lives here, not in payments, because
// settings sits below payments (payments reads the settings; the folders must not loop).
import { bundleFloorViolation } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

interface FloorRow {
  name: string;
  token_qty: number;
  cost_cents: number;
}

/** The first active bundle a payout fee would put below the floor, as its message. */
export async function bundleFloorProblem(
  db: Executor,
  payoutFeeCents: number,
): Promise<string | null> {
  const active = await rows<FloorRow>(
    db,
    sql`SELECT name, token_qty, cost_cents
          FROM token_bundles WHERE is_active ORDER BY sort_order, id`,
  );
  for (const bundle of active) {
    const problem = bundleFloorViolation(bundle, payoutFeeCents);
    if (problem) return problem;
  }
  return null;
}
