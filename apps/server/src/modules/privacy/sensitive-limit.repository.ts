// 'Limit the use of my sensitive information' (issue 42, product rules: Lawful to launch):
// while on, the member's face is compared with nobody else's and no risk signal is drawn
// from device ids. Until the member chooses, a member in Quebec (postal code G, H or J) has
// it on, the most private setting, as Law 25 asks; everyone else has it off.
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

/** The effective limit of the users row aliased `u`. */
export const effectiveLimit = (u: SQL) =>
  sql`COALESCE(${u}.limit_sensitive,
               ${u}.country = 'CA' AND upper(left(${u}.postal_code, 1)) IN ('G', 'H', 'J'), false)`;

/** Whether the member `id` names limits the use of their sensitive information. */
export const limitsSensitive = (id: SQL) =>
  sql`EXISTS (SELECT 1 FROM users ls WHERE ls.id = ${id} AND ${effectiveLimit(sql`ls`)})`;

export async function limitsSensitiveInformation(db: Executor, userId: number): Promise<boolean> {
  const [row] = await rows<{ limited: boolean }>(
    db,
    sql`SELECT ${limitsSensitive(sql`${userId}::int`)} AS limited`,
  );
  return Boolean(row?.limited);
}
