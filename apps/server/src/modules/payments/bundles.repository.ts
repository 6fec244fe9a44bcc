// Token bundles (marketplace §3 Token bundle item): as the API shows them, cost in dollars,
// and as an operator edits them, cost in cents.
import { type AdminBundle, centsToDollars, type TokenBundle } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

interface BundleRow {
  id: number;
  name: string;
  token_qty: number;
  cost_cents: number;
  description: string | null;
  is_active: boolean;
}

const present = (row: BundleRow): TokenBundle => ({
  ...row,
  cost: centsToDollars(row.cost_cents),
});

export async function activeBundles(db: Executor): Promise<TokenBundle[]> {
  const found = await rows<BundleRow>(
    db,
    sql`SELECT id, name, token_qty, cost_cents, description, is_active
          FROM token_bundles WHERE is_active ORDER BY sort_order, id`,
  );
  return found.map(present);
}

/** The bundle a member picked, by id when the client sent one, else by its name. */
export async function findBundle(
  db: Executor,
  pick: { id?: number; name: string },
): Promise<TokenBundle | null> {
  const [row] = await rows<BundleRow>(
    db,
    pick.id === undefined
      ? sql`SELECT id, name, token_qty, cost_cents, description, is_active
              FROM token_bundles WHERE name = ${pick.name} ORDER BY id LIMIT 1`
      : sql`SELECT id, name, token_qty, cost_cents, description, is_active
              FROM token_bundles WHERE id = ${pick.id}`,
  );
  return row ? present(row) : null;
}

const ADMIN_COLUMNS = sql`id, name, token_qty, cost_cents, description, is_active, sort_order`;

export function listBundles(db: Executor): Promise<AdminBundle[]> {
  return rows<AdminBundle>(
    db,
    sql`SELECT ${ADMIN_COLUMNS} FROM token_bundles ORDER BY sort_order, id`,
  );
}

/** The bundle, row-locked until the transaction ends. */
export async function lockBundle(tx: Executor, id: number): Promise<AdminBundle | null> {
  const [row] = await rows<AdminBundle>(
    tx,
    sql`SELECT ${ADMIN_COLUMNS} FROM token_bundles WHERE id = ${id} FOR UPDATE`,
  );
  return row ?? null;
}

export async function saveBundle(
  tx: Executor,
  id: number,
  bundle: Omit<AdminBundle, 'id'>,
): Promise<AdminBundle> {
  const [saved] = await rows<AdminBundle>(
    tx,
    sql`UPDATE token_bundles
           SET name = ${bundle.name}, token_qty = ${bundle.token_qty}, cost_cents = ${bundle.cost_cents},
               description = ${bundle.description}, is_active = ${bundle.is_active},
               sort_order = ${bundle.sort_order}, updated_at = now()
         WHERE id = ${id}
     RETURNING ${ADMIN_COLUMNS}`,
  );
  return saved!;
}
