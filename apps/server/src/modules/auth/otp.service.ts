// One-time codes: 6 CSPRNG digits, stored as an HMAC, valid OTP_TTL_SECONDS, single
// use, at most OTP_MAX_ATTEMPTS wrong tries, and request limits per phone and per IP.
// Across windows (issue 41) a number that enters `code_failures_per_number` wrong codes
// in `code_failures_window_hours` is locked for `code_lockout_hours`: no code is sent to
// it and none is compared, so guessing stays bounded over days, not only per code.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { isTestPhone, MESSAGES, OTP_LENGTH, OTP_TEXTS } from '@bidboard/shared';
import type { Language } from '@bidboard/shared/i18n/languages';
import { SmsDeliveryError } from '../../adapters/sms/sms.port';
import { TWILIO_UNSUBSCRIBED } from '../../adapters/sms/twilio.adapter';
import type { ServiceContext } from '../../lib/context';
import { AppError, badRequest, tooManyRequests } from '../../lib/errors';
import { sayText } from '../../lib/texts';
import { loadSettings } from '../settings/settings.service';
import { findUserByPhone } from '../users/users.repository';
import {
  activeLockout,
  countGuess,
  deleteCode,
  insertCode,
  latestCode,
  lockRequestKey,
  recentRequestCounts,
  recordFailure,
} from './otp.repository';

const HOUR_MS = 3600 * 1000;

/**
 * The spec's lockout message with the hours left (at least 1), and when the lockout ends
 * (`until`, for the sign-in screen to say).
 */
function lockedError(lockedUntil: Date, now: Date): AppError {
  const hours = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / HOUR_MS));
  return new AppError('TOO_MANY_ATTEMPTS', 429, MESSAGES.codeLockedHours(hours), {
    key: 'MESSAGES.codeLockedHours',
    params: { hours, until: lockedUntil.toISOString() },
  });
}

export function generateCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

export function hashCode(secret: string, phone: string, code: string): string {
  return createHmac('sha256', secret).update(`${phone}:${code}`).digest('hex');
}

/**
 * Texts a sign-in code to `phone`, in its member's language, or for a number that is no
 * member yet in `deviceLanguage` (the one on the sign-in page).
 */
export async function requestCode(
  ctx: ServiceContext & { secret: string },
  phone: string,
  ip: string,
  deviceLanguage: Language = 'en',
): Promise<{ success: true; message: string }> {
  if (isTestPhone(phone)) return { success: true, message: MESSAGES.codeSent };
  const now = ctx.clock();
  const { config } = ctx;
  const phoneSince = new Date(now.getTime() - config.OTP_PHONE_WINDOW_SECONDS * 1000);
  const ipSince = new Date(now.getTime() - config.OTP_IP_WINDOW_SECONDS * 1000);
  const lockedUntil = await activeLockout(ctx.db, phone, now);
  if (lockedUntil) throw lockedError(lockedUntil, now);
  const code = generateCode();
  // The count and the insert are one step per phone and per IP: requests at the same
  // moment queue on the locks (phone first, then IP, so they never deadlock), so a burst
  // cannot all pass the count before any of them is written.
  const row = await ctx.db.transaction(async (tx) => {
    for (const key of [`otp-phone:${phone}`, `otp-ip:${ip}`]) {
      await lockRequestKey(tx, key);
    }
    const counts = await recentRequestCounts(tx, { phone, phoneSince, ip, ipSince });
    if (
      (counts?.by_phone ?? 0) >= config.OTP_PHONE_MAX_PER_WINDOW ||
      (counts?.by_ip ?? 0) >= config.OTP_IP_MAX_PER_WINDOW
    ) {
      throw tooManyRequests(MESSAGES.tooManyCodeRequests);
    }
    return insertCode(tx, {
      phone,
      codeHash: hashCode(ctx.secret, phone, code),
      ip,
      now,
      expiresAt: new Date(now.getTime() + config.OTP_TTL_SECONDS * 1000),
    });
  });
  const minutes = Math.round(config.OTP_TTL_SECONDS / 60);
  const language = (await findUserByPhone(ctx.db, phone))?.language ?? deviceLanguage;
  const body = sayText(
    language,
    { key: 'OTP_TEXTS.signInCode', params: { code, minutes } },
    OTP_TEXTS.signInCode(code, minutes),
  );
  try {
    await ctx.sms.send({ to: phone, body });
  } catch (error) {
    // A code that never left must not count against the member or stay valid.
    await deleteCode(ctx.db, row.id);
    if (error instanceof SmsDeliveryError && error.providerCode === TWILIO_UNSUBSCRIBED) {
      const from = config.TWILIO_FROM ?? 'our number';
      throw new AppError('SMS_FAILED', 400, MESSAGES.textStartTo(from));
    }
    throw new AppError('SMS_FAILED', 502, MESSAGES.failedToSendCode);
  }
  return { success: true, message: MESSAGES.codeSent };
}

export type CodeCheck = { ok: true; codeId: number | null } | { ok: false; error: AppError };

/**
 * Counts one guess against the member's latest code, then compares it. The count is a
 * guarded update committed on its own before the comparison, so a burst of guesses at
 * once is checked at most OTP_MAX_ATTEMPTS times and a sign-in that rolls back later
 * does not give the guess back (NIST SP 800-63B: a bounded number of guesses). Only the
 * latest code counts: once it is used or locked, an older one never becomes guessable.
 */
export async function checkCode(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'clock'> & { secret: string },
  phone: string,
  code: string,
): Promise<CodeCheck> {
  const { config } = ctx;
  if (isTestPhone(phone) && config.TEST_OTP_CODE) {
    return code === config.TEST_OTP_CODE
      ? { ok: true, codeId: null }
      : { ok: false, error: badRequest('INVALID_CODE', MESSAGES.invalidCode) };
  }
  const lockedUntil = await activeLockout(ctx.db, phone, ctx.clock());
  if (lockedUntil) return { ok: false, error: lockedError(lockedUntil, ctx.clock()) };
  const counted = await countGuess(ctx.db, phone, config.OTP_MAX_ATTEMPTS);
  if (!counted) return { ok: false, error: await uncheckedGuessError(ctx, phone) };
  if (new Date(counted.expires_at) <= ctx.clock()) {
    return { ok: false, error: badRequest('CODE_EXPIRED', MESSAGES.codeExpired) };
  }
  const expected = Buffer.from(counted.code_hash, 'hex');
  const given = Buffer.from(hashCode(ctx.secret, phone, code), 'hex');
  if (!timingSafeEqual(expected, given)) return { ok: false, error: await wrongCode(ctx, phone) };
  return { ok: true, codeId: counted.id };
}

/** Counts a wrong code against the number; the one that reaches the limit locks it. */
async function wrongCode(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'clock'>,
  phone: string,
): Promise<AppError> {
  const now = ctx.clock();
  const settings = await loadSettings(ctx.db, ctx.config);
  const lockedUntil = await recordFailure(ctx.db, {
    phone,
    now,
    since: new Date(now.getTime() - settings.code_failures_window_hours * HOUR_MS),
    limit: settings.code_failures_per_number,
    lockUntil: new Date(now.getTime() + settings.code_lockout_hours * HOUR_MS),
  });
  return lockedUntil
    ? lockedError(lockedUntil, now)
    : badRequest('INVALID_CODE', MESSAGES.invalidCode);
}

/** Why a guess was not compared: the latest code is used, locked, or there is none. */
async function uncheckedGuessError(
  ctx: Pick<ServiceContext, 'db' | 'config'>,
  phone: string,
): Promise<AppError> {
  const latest = await latestCode(ctx.db, phone);
  if (latest?.consumed) return badRequest('CODE_EXPIRED', MESSAGES.codeExpired);
  if (latest && latest.attempts >= ctx.config.OTP_MAX_ATTEMPTS) {
    return new AppError('TOO_MANY_ATTEMPTS', 429, MESSAGES.tooManyCodeAttempts);
  }
  return badRequest('INVALID_CODE', MESSAGES.invalidCode);
}
