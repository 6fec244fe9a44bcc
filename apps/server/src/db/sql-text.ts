// Shared's text templates (packages/shared ALERT_TEMPLATES, RESULT_TEMPLATES) filled in
// SQL, for alerts written many rows at a time: the words stay in shared, the values come
// from the row. A NULL value makes the whole text NULL, as `||` would.
import { type SQL, sql } from 'drizzle-orm';

/**
 * `template` with each `{slot}` replaced by its SQL text value, in the order given:
 * members' names last, so that nothing is looked for inside a name.
 */
export function sqlText(template: string, slots: [slot: string, value: SQL][]): SQL {
  return slots.reduce(
    (text, [slot, value]) => sql`replace(${text}, ${`{${slot}}`}, ${value})`,
    sql`${template}::text`,
  );
}
