// SQL functions and triggers ("routines"): each has one home file beside the module that
// owns its rule, listed below, and is applied after the versioned migrations, every time
// the database is migrated, when its text changed. Today's bid rules are therefore in
// modules/bids/place-bid.sql, never in whichever migration last touched them.
//
// A home file holds only statements that can run again: CREATE OR REPLACE FUNCTION and
// CREATE OR REPLACE TRIGGER, separated by `--> statement-breakpoint` like a migration.
// Changing a function's arguments or result columns is a migration's job first (DROP
// FUNCTION in a new migration, which runs before the homes are applied), and during a
// rolling deploy the previous release still calls the function: keep a changed routine
// callable the old way until every server runs the new code (docs/deploy.md, expand then
// contract).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALERT_TEMPLATES, NO_NAME } from '@bidboard/shared';
import { frenchTemplate } from '../lib/texts';

/** Home files, relative to src/, in the order they are applied (a trigger after its function). */
export const ROUTINE_FILES = [
  'modules/users/fraud-hold.sql',
  'modules/tokens/ledger-apply.sql',
  'modules/bids/bid-refusal.sql',
  'modules/bids/proxy-bid.sql',
  'modules/bids/place-bid.sql',
  'modules/bids/place-bid-once.sql',
  'modules/bids/place-bids.sql',
  'modules/notifications/alerts-outbox.sql',
  'modules/audit/audit-log-append-only.sql',
  'modules/auctions/auction-location.sql',
] as const;

const here = path.dirname(fileURLToPath(import.meta.url));
/**
 * Where the home files are: beside the sources (src/db/..) when run from TypeScript, or
 * the `routines` folder the build copies beside the bundle.
 */
const routinesRoot = existsSync(path.join(here, 'routines'))
  ? path.join(here, 'routines')
  : path.resolve(here, '..');

export interface Routine {
  file: string;
  statements: string[];
  checksum: string;
}

/**
 * Words a routine writes into alerts, from shared: a home file names one as
 * `{{text:name}}` and gets it as a quoted SQL string, so the words exist once.
 */
const ROUTINE_TEXTS: Record<string, string> = {
  outbid: ALERT_TEMPLATES.outbid,
  noBidderName: NO_NAME.someone,
  hiddenBidderName: NO_NAME.Member,
  noAuctionName: NO_NAME.auction,
  outbidFrOne: frenchTemplate('ALERT_TEMPLATES.outbid', 'one'),
  outbidFrOther: frenchTemplate('ALERT_TEMPLATES.outbid', 'other'),
  noBidderNameFr: frenchTemplate('NO_NAME.someone', 'other'),
  hiddenBidderNameFr: frenchTemplate('NO_NAME.Member', 'other'),
  noAuctionNameFr: frenchTemplate('NO_NAME.auction', 'other'),
};

function withTexts(text: string, file: string): string {
  return text.replace(/\{\{text:(\w+)\}\}/g, (_, name: string) => {
    const words = ROUTINE_TEXTS[name];
    if (words === undefined) throw new Error(`${file} names an unknown text: ${name}`);
    return `'${words.replaceAll("'", "''")}'`;
  });
}

export function readRoutines(): Routine[] {
  return ROUTINE_FILES.map((file) => {
    const text = withTexts(readFileSync(path.join(routinesRoot, file), 'utf8'), file);
    return {
      file,
      statements: text
        .split('--> statement-breakpoint')
        .map((s) => s.trim())
        .filter(Boolean),
      checksum: createHash('sha256').update(text).digest('hex'),
    };
  });
}

/** Runs one SQL statement; both drivers' clients fit. */
export type RunSql = (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * Applies every routine whose text changed since it was last applied (all of them on a
 * new database), recording each file's checksum. Runs inside the migration's lock, after
 * the migrations, in one transaction: a routine that does not compile leaves the last
 * applied versions in place.
 */
export async function applyRoutines(run: RunSql): Promise<string[]> {
  await run('CREATE SCHEMA IF NOT EXISTS drizzle');
  await run(
    `CREATE TABLE IF NOT EXISTS drizzle.__routines (
       file text PRIMARY KEY,
       checksum text NOT NULL,
       applied_at timestamptz NOT NULL DEFAULT now()
     )`,
  );
  const applied = new Map(
    (
      (await run('SELECT file, checksum FROM drizzle.__routines')).rows as {
        file: string;
        checksum: string;
      }[]
    ).map((r) => [r.file, r.checksum]),
  );
  const changed = readRoutines().filter((r) => applied.get(r.file) !== r.checksum);
  if (changed.length === 0) return [];
  await run('BEGIN');
  try {
    for (const routine of changed) {
      for (const statement of routine.statements) await run(statement);
      await run(
        `INSERT INTO drizzle.__routines (file, checksum) VALUES ($1, $2)
         ON CONFLICT (file) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now()`,
        [routine.file, routine.checksum],
      );
    }
    await run('COMMIT');
  } catch (error) {
    await run('ROLLBACK');
    throw error;
  }
  return changed.map((r) => r.file);
}
