// SQL of the one-time codes: the request counts under their locks, the stored code, the
// guess counted on the latest code, the code used up at sign-in, and the wrong codes that
// lock a number across windows.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { type Db, rows, runStatement, type Statement, type Tx } from '../../db/client';
import { otpCodes, otpFailures } from '../../db/schema';

/** Waits for the transaction-long lock on `key`, so requests on one key queue. */
export async function lockRequestKey(tx: Tx, key: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** Codes requested for `phone` since `phoneSince` and from `ip` since `ipSince`. */
export async function recentRequestCounts(
  tx: Tx,
  by: { phone: string; phoneSince: Date; ip: string; ipSince: Date },
) {
  const [counts] = await rows<{ by_phone: number; by_ip: number }>(
    tx,
    sql`SELECT
          (SELECT count(*)::int FROM otp_codes WHERE phone_number = ${by.phone} AND created_at > ${by.phoneSince.toISOString()}) AS by_phone,
          (SELECT count(*)::int FROM otp_codes WHERE ip = ${by.ip} AND created_at > ${by.ipSince.toISOString()}) AS by_ip`,
  );
  return counts;
}

export async function insertCode(
  tx: Tx,
  code: { phone: string; codeHash: string; ip: string; now: Date; expiresAt: Date },
): Promise<{ id: number }> {
  const [inserted] = await tx
    .insert(otpCodes)
    .values({
      phone_number: code.phone,
      code_hash: code.codeHash,
      ip: code.ip,
      created_at: code.now,
      expires_at: code.expiresAt,
    })
    .returning({ id: otpCodes.id });
  return inserted!;
}

export async function deleteCode(db: Db, codeId: number) {
  await db.delete(otpCodes).where(eq(otpCodes.id, codeId));
}

/**
 * Counts a guess on the phone's latest code if it is unused and under `maxAttempts`;
 * returns that code, or undefined when the guess may not be compared.
 */
export async function countGuess(db: Db, phone: string, maxAttempts: number) {
  const [counted] = await runStatement<{ id: number; code_hash: string; expires_at: Date }>(
    db,
    COUNT_GUESS,
    [phone, maxAttempts],
  );
  return counted;
}

const COUNT_GUESS: Statement = {
  name: 'otp_count_guess',
  text: `UPDATE otp_codes SET attempts = attempts + 1
    WHERE id = (SELECT id FROM otp_codes WHERE phone_number = $1
                ORDER BY created_at DESC, id DESC LIMIT 1)
      AND consumed_at IS NULL AND attempts < $2
    RETURNING id, code_hash, expires_at`,
};

export async function latestCode(db: Db, phone: string) {
  const [latest] = await runStatement<{ attempts: number; consumed: boolean }>(db, LATEST_CODE, [
    phone,
  ]);
  return latest;
}

const LATEST_CODE: Statement = {
  name: 'otp_latest_code',
  text: `SELECT attempts, consumed_at IS NOT NULL AS consumed FROM otp_codes
    WHERE phone_number = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
};

/**
 * Uses up a checked code inside the sign-in transaction: if the sign-in rolls back the
 * code stays usable (its guess stays counted); two sign-ins with it cannot both pass.
 */
export async function consumeCode(tx: Tx, codeId: number, now: Date): Promise<boolean> {
  const consumed = await tx
    .update(otpCodes)
    .set({ consumed_at: now })
    .where(and(eq(otpCodes.id, codeId), isNull(otpCodes.consumed_at), gt(otpCodes.expires_at, now)))
    .returning({ id: otpCodes.id });
  return consumed.length > 0;
}

/** When the number's lockout ends, if it is locked at `now`. */
export async function activeLockout(db: Db, phone: string, now: Date) {
  const [lock] = await runStatement<{ locked_until: Date }>(db, ACTIVE_LOCKOUT, [
    phone,
    now.toISOString(),
  ]);
  return lock ? new Date(lock.locked_until) : null;
}

const ACTIVE_LOCKOUT: Statement = {
  name: 'otp_active_lockout',
  text: `SELECT locked_until FROM otp_lockouts WHERE phone_number = $1 AND locked_until > $2`,
};

/**
 * Records a wrong code, then locks the number until `lockUntil` when it has entered
 * `limit` wrong codes since `since` and since its last lockout ended (the failures that
 * caused a lockout never count towards the next one). Returns the lockout's end if this
 * failure started one.
 */
export async function recordFailure(
  db: Db,
  failure: { phone: string; now: Date; since: Date; limit: number; lockUntil: Date },
): Promise<Date | null> {
  return db.transaction(async (tx) => {
    await tx.insert(otpFailures).values({ phone_number: failure.phone, failed_at: failure.now });
    const [locked] = await rows<{ locked_until: Date }>(
      tx,
      sql`INSERT INTO otp_lockouts (phone_number, locked_until)
          SELECT ${failure.phone}, ${failure.lockUntil.toISOString()}::timestamptz
          WHERE (SELECT count(*) FROM otp_failures f
                 WHERE f.phone_number = ${failure.phone}
                   AND f.failed_at > ${failure.since.toISOString()}::timestamptz
                   AND f.failed_at > coalesce(
                     (SELECT locked_until FROM otp_lockouts WHERE phone_number = ${failure.phone}),
                     '-infinity')) >= ${failure.limit}
          ON CONFLICT (phone_number) DO UPDATE SET locked_until = EXCLUDED.locked_until
          RETURNING locked_until`,
    );
    return locked ? new Date(locked.locked_until) : null;
  });
}
