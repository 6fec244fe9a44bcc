// Year-to-date payouts and the identity hold (issue 43; product rules, Payouts): a
// redemption that would take the member's payouts this calendar year (New York), paid and
// pending, past payee_identity_threshold_cents waits for their payee profile; in Canada,
// where Part XX reports a seller at any amount, every payout does (payeeIdentityThresholdCents). The
// redemption service asks here under the member's lock, so parallel requests count each
// other's pending amounts.
import {
  needsPayeeIdentity,
  type PayeeCountry,
  type PayoutsYearToDate,
  payeeIdentityThresholdCents,
} from '@bidboard/shared';
import type { Db, Executor } from '../../db/client';
import type { Clock } from '../../lib/context';
import { newYorkYear, newYorkYearBounds } from '../../lib/new-york-date';
import { loadSettings, type SettingsDefaults } from '../settings/settings.service';
import { hasPayeeProfile, payeeCountryOf, payoutsInYear } from './payouts-year.repository';

export interface IdentityCheck {
  /** It takes the year past the threshold: it needs a payee profile before it is sent. */
  identityRequired: boolean;
  /** It needs one and the member has none yet. */
  heldForIdentity: boolean;
  /** The member's line: the setting, or their country's lower one. */
  thresholdCents: number;
  /** The payee's country (the profile's, else the postal code's), kept with the redemption. */
  country: PayeeCountry | null;
}

export async function checkPayeeIdentity(
  tx: Executor,
  input: { userId: number; amountCents: number; settingCents: number; now: Date },
): Promise<IdentityCheck> {
  const year = await payoutsInYear(tx, input.userId, newYorkYearBounds(newYorkYear(input.now)));
  const country = await payeeCountryOf(tx, input.userId);
  const thresholdCents = payeeIdentityThresholdCents(country, input.settingCents);
  const identityRequired = needsPayeeIdentity({
    yearToDateCents: year.paid_cents + year.pending_cents,
    amountCents: input.amountCents,
    thresholdCents,
  });
  const heldForIdentity = identityRequired && !(await hasPayeeProfile(tx, input.userId));
  return { identityRequired, heldForIdentity, thresholdCents, country };
}

export async function payoutsYearToDate(
  ctx: { db: Db; clock: Clock; config: SettingsDefaults },
  userId: number,
): Promise<PayoutsYearToDate> {
  const year = newYorkYear(ctx.clock());
  const [totals, complete, settings, country] = await Promise.all([
    payoutsInYear(ctx.db, userId, newYorkYearBounds(year)),
    hasPayeeProfile(ctx.db, userId),
    loadSettings(ctx.db, ctx.config),
    payeeCountryOf(ctx.db, userId),
  ]);
  return {
    success: true,
    year,
    ...totals,
    identity_threshold_cents: payeeIdentityThresholdCents(
      country,
      settings.payee_identity_threshold_cents,
    ),
    payee_country: country,
    payee_profile_complete: complete,
  };
}
