// One-time codes: 6 CSPRNG digits, stored as an HMAC, valid OTP_TTL_SECONDS, single
// use, at most OTP_MAX_ATTEMPTS wrong tries, and request limits per phone and per IP.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { isTestPhone, MESSAGES, OTP_LENGTH, PRODUCT_NAME } from '@bidboard/shared';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { SmsDeliveryError } from '../../adapters/sms/sms.port';
import { TWILIO_UNSUBSCRIBED } from '../../adapters/sms/twilio.adapter';
import { rows, type Tx } from '../../db/client';
import { otpCodes } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { AppError, badRequest, tooManyRequests } from '../../lib/errors';

export function generateCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

export function hashCode(secret: string, phone: string, code: string): string {
  return createHmac('sha256', secret).update(`${phone}:${code}`).digest('hex');
}

export async function requestCode(
  ctx: ServiceContext & { secret: string },
  phone: string,
  ip: string,
): Promise<{ success: true; message: string }> {
  if (isTestPhone(phone)) return { success: true, message: MESSAGES.codeSent };
  const now = ctx.clock();
  const { config } = ctx;
  const phoneSince = new Date(now.getTime() - config.OTP_PHONE_WINDOW_SECONDS * 1000);
  const ipSince = new Date(now.getTime() - config.OTP_IP_WINDOW_SECONDS * 1000);
  const [counts] = await rows<{ by_phone: number; by_ip: number }>(
    ctx.db,
    sql`SELECT
          (SELECT count(*)::int FROM otp_codes WHERE phone_number = ${phone} AND created_at > ${phoneSince.toISOString()}) AS by_phone,
          (SELECT count(*)::int FROM otp_codes WHERE ip = ${ip} AND created_at > ${ipSince.toISOString()}) AS by_ip`,
  );
  if (
    (counts?.by_phone ?? 0) >= config.OTP_PHONE_MAX_PER_WINDOW ||
    (counts?.by_ip ?? 0) >= config.OTP_IP_MAX_PER_WINDOW
  ) {
    throw tooManyRequests(MESSAGES.tooManyCodeRequests);
  }
  const code = generateCode();
  const [row] = await ctx.db
    .insert(otpCodes)
    .values({
      phone_number: phone,
      code_hash: hashCode(ctx.secret, phone, code),
      ip,
      created_at: now,
      expires_at: new Date(now.getTime() + config.OTP_TTL_SECONDS * 1000),
    })
    .returning({ id: otpCodes.id });
  try {
    await ctx.sms.send({
      to: phone,
      body: `Your ${PRODUCT_NAME} code is ${code}. It expires in ${Math.round(config.OTP_TTL_SECONDS / 60)} minutes.`,
    });
  } catch (error) {
    // A code that never left must not count against the member or stay valid.
    await ctx.db.delete(otpCodes).where(eq(otpCodes.id, row!.id));
    if (error instanceof SmsDeliveryError && error.providerCode === TWILIO_UNSUBSCRIBED) {
      const from = config.TWILIO_FROM ?? 'our number';
      throw new AppError('SMS_FAILED', 400, MESSAGES.textStartTo(from));
    }
    throw new AppError('SMS_FAILED', 502, MESSAGES.failedToSendCode);
  }
  return { success: true, message: MESSAGES.codeSent };
}

export type CodeCheck = { ok: true } | { ok: false; error: AppError };

/**
 * Checks and consumes a code inside the caller's transaction. A wrong code's attempt
 * count must survive the caller's rollback, so it is returned, not thrown, and
 * `recordFailedAttempt` runs after.
 */
export async function consumeCode(
  tx: Tx,
  ctx: Pick<ServiceContext, 'config' | 'clock'> & { secret: string },
  phone: string,
  code: string,
): Promise<CodeCheck & { codeId?: number }> {
  const { config } = ctx;
  if (isTestPhone(phone) && config.TEST_OTP_CODE) {
    return code === config.TEST_OTP_CODE
      ? { ok: true }
      : { ok: false, error: badRequest('INVALID_CODE', MESSAGES.invalidCode) };
  }
  const now = ctx.clock();
  const [latest] = await tx
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.phone_number, phone), isNull(otpCodes.consumed_at)))
    .orderBy(desc(otpCodes.created_at), desc(otpCodes.id))
    .limit(1)
    .for('update');
  if (!latest) return { ok: false, error: badRequest('INVALID_CODE', MESSAGES.invalidCode) };
  if (latest.attempts >= config.OTP_MAX_ATTEMPTS) {
    return {
      ok: false,
      error: new AppError('TOO_MANY_ATTEMPTS', 429, MESSAGES.tooManyCodeAttempts),
    };
  }
  if (latest.expires_at <= now) {
    return { ok: false, error: badRequest('CODE_EXPIRED', MESSAGES.codeExpired) };
  }
  const expected = Buffer.from(latest.code_hash, 'hex');
  const given = Buffer.from(hashCode(ctx.secret, phone, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    return {
      ok: false,
      codeId: latest.id,
      error: badRequest('INVALID_CODE', MESSAGES.invalidCode),
    };
  }
  const consumed = await tx
    .update(otpCodes)
    .set({ consumed_at: now })
    .where(
      and(eq(otpCodes.id, latest.id), isNull(otpCodes.consumed_at), gt(otpCodes.expires_at, now)),
    )
    .returning({ id: otpCodes.id });
  if (consumed.length === 0)
    return { ok: false, error: badRequest('INVALID_CODE', MESSAGES.invalidCode) };
  return { ok: true };
}

export async function recordFailedAttempt(
  ctx: Pick<ServiceContext, 'db'>,
  codeId: number,
): Promise<void> {
  await ctx.db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(eq(otpCodes.id, codeId));
}
