// SQL of the business settings: the saved rows (each overrides a default), the advisory
// lock every settings writer takes, and the upsert of one key.
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

export function savedSettings(db: Executor) {
  return rows<{ key: string; value: unknown }>(db, sql`SELECT key, value FROM app_settings`);
}

/** The saved value of one key; undefined when none is saved. */
export async function savedSetting(db: Executor, key: string): Promise<unknown> {
  const [row] = await rows<{ value: unknown }>(
    db,
    sql`SELECT value FROM app_settings WHERE key = ${key}`,
  );
  return row?.value;
}

export async function lockSettingsRows(tx: Executor): Promise<void> {
  await rows(tx, sql`SELECT pg_advisory_xact_lock(hashtext('app_settings'))`);
}

export async function saveSetting(
  tx: Executor,
  key: string,
  value: unknown,
  actorId: number | null,
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO app_settings (key, value, updated_at, updated_by)
        VALUES (${key}, ${JSON.stringify(value)}::jsonb, now(), ${actorId})
        ON CONFLICT (key) DO UPDATE
           SET value = EXCLUDED.value, updated_at = now(), updated_by = EXCLUDED.updated_by`,
  );
}
