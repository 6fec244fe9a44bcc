// Share My Date (issue 45; product rules, Dates): for an accepted plan, the member gives a
// trusted contact's number (checked as a sign-in number is) and the contact is texted a link
// to a page that shows, until the plan's day ends, only whom the member meets (username,
// first photo, age), when and where, and the member's check-in. The link's token is 32
// random bytes; only its SHA-256 is stored, so the database cannot give the link back. A
// new link replaces the member's previous one; the member revokes it; a block or a
// cancellation revokes it too.
import { createHash, randomBytes } from 'node:crypto';
import { ageOn, DATE_MESSAGES, DATE_SMS, type DatePlan, type SharedDate } from '@bidboard/shared';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { requirePhone } from '../auth/phone';
import { profilePicturesFor } from '../media/profile-pictures';
import { contactOptedOut } from './contact-texts';

import { lockAcceptedPlan } from './date-plans.repository';
import { memberPlan, viewOf } from './date-plans.service';
import { liveShare, memberPhoneAndName, replaceShare, revokeShare } from './date-shares.repository';
import type { DatesContext } from './dates.context';

export const SHARED_DATE_PATH = '/shared-date/';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function sharedDateLink(base: string, token: string): string {
  return `${base.replace(/\/$/, '')}${SHARED_DATE_PATH}${token}`;
}

export async function shareDate(
  ctx: DatesContext,
  me: number,
  id: number,
  body: { phone: string; escalateOnSilence: boolean },
  /** The request's own origin, when PUBLIC_URL is not set. */
  origin: string,
): Promise<DatePlan> {
  const plan = await memberPlan(ctx, me, id);
  const now = ctx.clock();
  if (plan.state !== 'accepted') throw new AppError('CONFLICT', 409, DATE_MESSAGES.notAccepted);
  if (new Date(plan.day_ends_at).getTime() <= now.getTime()) {
    throw new AppError('CONFLICT', 409, DATE_MESSAGES.notOpen);
  }
  const phone = requirePhone(body.phone);
  const member = await memberPhoneAndName(ctx.db, me);
  if (member.phone_number === phone) throw badRequest('VALIDATION', DATE_MESSAGES.contactIsYou);
  if (await contactOptedOut(ctx.db, phone)) {
    throw new AppError('CONFLICT', 409, DATE_MESSAGES.contactOptedOut);
  }
  const token = randomBytes(32).toString('base64url');
  const link = sharedDateLink(ctx.publicUrl ?? origin, token);
  // The text goes inside the transaction: a link that could not be sent is not kept.
  await ctx.db.transaction(async (tx) => {
    // Checked again under the plan's lock: a cancel or block may have committed since.
    if (!(await lockAcceptedPlan(tx, id))) {
      throw new AppError('CONFLICT', 409, DATE_MESSAGES.notAccepted);
    }
    await replaceShare(tx, {
      planId: id,
      userId: me,
      contactPhone: phone,
      tokenHash: hashToken(token),
      escalateOnSilence: body.escalateOnSilence,
      expiresAt: new Date(plan.day_ends_at),
      now,
    });
    try {
      await ctx.sms.send({ to: phone, body: DATE_SMS.shared(member.username ?? 'A member', link) });
    } catch {
      throw new AppError('SMS_FAILED', 502, DATE_MESSAGES.smsFailed);
    }
  });
  return viewOf(ctx, me, plan);
}

export async function stopSharingDate(ctx: DatesContext, me: number, id: number) {
  const plan = await memberPlan(ctx, me, id);
  if (!(await revokeShare(ctx.db, id, me, ctx.clock())))
    throw notFound(DATE_MESSAGES.shareNotFound);
  return viewOf(ctx, me, plan);
}

/** The public page's data; 404 alike for a wrong, expired or revoked token. */
export async function sharedDate(ctx: DatesContext, token: string): Promise<SharedDate> {
  const now = ctx.clock();
  const row = await liveShare(ctx.db, hashToken(token), now);
  if (!row) throw notFound(DATE_MESSAGES.shareNotFound);
  const pictures = await profilePicturesFor(ctx.db, ctx.storage, [row.partner_id], 'thumbnail');
  const age = row.partner_birth_date ? ageOn(row.partner_birth_date, now) : Number.NaN;
  return {
    partner: {
      username: row.partner_username,
      photo: pictures.get(row.partner_id)?.profile_picture_1 ?? null,
      age: Number.isNaN(age) ? null : age,
    },
    startsAt: new Date(row.starts_at).toISOString(),
    timeZone: row.time_zone,
    place: row.place,
    checkIn: row.check_in ?? 'not_yet',
    expiresAt: new Date(row.expires_at).toISOString(),
  };
}
