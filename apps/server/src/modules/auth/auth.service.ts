// Sign-in and sign-up by phone and one-time code. An unknown phone becomes a member
// only with a valid referrer who still has invites (signup needs a referral), or when
// ADMIN_PHONES lists it (product rules: the admins of a new deployment join without one).

import { MESSAGES, SAFETY_MESSAGES, type User } from '@bidboard/shared';
import type { Language } from '@bidboard/shared/i18n/languages';
import type { Tx } from '../../db/client';
import type { ServiceContext } from '../../lib/context';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { presentUser } from '../users/user.presenter';
import { findUserById, findUserByPhone, findUserByUsername } from '../users/users.repository';
import { consumeCode } from './otp.repository';
import { checkCode } from './otp.service';
import { awardReferralBonus } from './referral.service';
import { createSession, type SessionSettings } from './session.service';
import { insertMember, setMemberLanguage, setMemberRole, takeInvite } from './sign-in.repository';

export interface AuthContext extends ServiceContext {
  secret: string;
  sessions: SessionSettings;
}

export interface SignInInput {
  phone: string;
  code: string;
  referredBy?: string | null;
  userAgent?: string;
  ip?: string;
  deviceId?: string;
  /** The device's language; `languageChosen` when the member picked it on the sign-in page. */
  language?: Language;
  languageChosen?: boolean;
}

export async function signInWithCode(
  ctx: AuthContext,
  input: SignInInput,
): Promise<{ token: string; user: User }> {
  const check = await checkCode(ctx, input.phone, input.code);
  if (!check.ok) throw check.error;
  const outcome = await ctx.db.transaction(async (tx) => {
    if (check.codeId !== null && !(await consumeCode(tx, check.codeId, ctx.clock()))) {
      throw badRequest('CODE_EXPIRED', MESSAGES.codeExpired);
    }
    const existing = await findUserByPhone(tx, input.phone);
    if (existing?.suspended_at) {
      throw new AppError('ACCOUNT_SUSPENDED', 403, SAFETY_MESSAGES.suspended);
    }
    const member = existing ?? (await join(tx, ctx, input));
    if (existing && input.language && input.languageChosen) {
      await setMemberLanguage(tx, member.id, input.language);
    }
    // ADMIN_PHONES is read at every sign-in; an admin the operator made keeps the role.
    const listed = ctx.config.ADMIN_PHONES.includes(input.phone);
    const role = listed || member.admin_granted_at ? 'admin' : 'member';
    if (role !== member.role) await setMemberRole(tx, member.id, role);
    const token = await createSession(tx, ctx.sessions, member.id, {
      userAgent: input.userAgent,
      ip: input.ip,
      deviceId: input.deviceId,
    });
    return { token, userId: member.id };
  });
  const user = await findUserById(ctx.db, outcome.userId);
  return { token: outcome.token, user: presentUser(user!) };
}

/** A new member's language: the one their device showed at sign-up. */
function startingLanguage(input: SignInInput) {
  return input.language
    ? { language: input.language, language_chosen: input.languageChosen ?? false }
    : {};
}

async function join(tx: Tx, ctx: AuthContext, input: SignInInput) {
  const { phone, referredBy } = input;
  if (referredBy || !ctx.config.ADMIN_PHONES.includes(phone)) {
    return joinWithReferral(tx, ctx, input);
  }
  return insertMember(tx, {
    phone_number: phone,
    ...startingLanguage(input),
    role: 'admin',
    created_at: ctx.clock(),
    updated_at: ctx.clock(),
  });
}

async function joinWithReferral(tx: Tx, ctx: AuthContext, input: SignInInput) {
  const { phone, referredBy } = input;
  if (!referredBy) throw new AppError('ACCOUNT_NOT_FOUND', 404, MESSAGES.accountNotFound);
  // Taking the invite is the guarded update: two sign-ups cannot spend the last one.
  const referrer = await takeInvite(tx, referredBy);
  if (!referrer) {
    const known = await findUserByUsername(tx, referredBy);
    if (known) throw new AppError('NO_INVITES', 409, MESSAGES.noInvitesLeft);
    throw new AppError('ACCOUNT_NOT_FOUND', 404, MESSAGES.accountNotFound);
  }
  const member = await insertMember(tx, {
    phone_number: phone,
    referred_by: referrer.id,
    ...startingLanguage(input),
    role: ctx.config.ADMIN_PHONES.includes(phone) ? 'admin' : 'member',
    created_at: ctx.clock(),
    updated_at: ctx.clock(),
  });
  await awardReferralBonus(tx, referrer.id, member.id);
  return member;
}

export async function checkReferral(ctx: Pick<ServiceContext, 'db'>, username: string) {
  const referrer = await findUserByUsername(ctx.db, username);
  if (!referrer) throw notFound(MESSAGES.invalidReferral);
  if (referrer.invites_left <= 0) throw new AppError('NO_INVITES', 409, MESSAGES.noInvitesLeft);
  return { success: true, referrer_id: referrer.id, message: MESSAGES.referralValid };
}

export async function phoneNumberExists(ctx: Pick<ServiceContext, 'db'>, phone: string) {
  return { exists: Boolean(await findUserByPhone(ctx.db, phone)) };
}

/**
 * The spec's separate reward call. The bonus is already paid at sign-up; this call
 * pays it only if that did not happen, and never twice.
 */
export async function handleReferralReward(
  ctx: Pick<ServiceContext, 'db'>,
  caller: { userId: number; role: string },
  input: { referrerId: number | null; referredId: number },
) {
  if (caller.userId !== input.referredId && caller.role !== 'admin') throw forbidden();
  return ctx.db.transaction(async (tx) => {
    const referred = await findUserById(tx, input.referredId);
    if (!referred) throw notFound();
    const referrerId = referred.referred_by;
    if (input.referrerId !== null && input.referrerId !== referrerId) {
      throw badRequest('INVALID_REFERRAL', MESSAGES.invalidReferral);
    }
    const { awarded } = referrerId
      ? await awardReferralBonus(tx, referrerId, referred.id)
      : { awarded: false };
    const after = await findUserById(tx, referred.id);
    return {
      success: true,
      data: { tokenBalance: after!.token_balance, bonusAwarded: awarded },
      message: awarded ? MESSAGES.referralRewardAwarded : MESSAGES.referralRewardAlreadyAwarded,
    };
  });
}
