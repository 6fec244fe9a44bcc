// A member's payee profile (issue 43): who is paid, for the year-end reports. The request
// carries the taxpayer id once; every response carries it masked (last 4) and nothing more.
import { z } from 'zod';
import {
  joinedLegalName,
  needsSeparateNames,
  PAYEE_ADDRESS_MAX,
  PAYEE_CITY_MAX,
  PAYEE_MESSAGES,
  PAYEE_NAME_MAX,
  PAYEE_REGIONS,
} from '../rules/payee';
import { validatePostalCode } from '../rules/postal';
import {
  PAYEE_COUNTRIES,
  TAXPAYER_ID_MESSAGES,
  TAXPAYER_ID_TYPES,
  validateTaxpayerId,
} from '../rules/taxpayer-id';
import { safeText } from './common';

const required = (max: number, message: string) =>
  z.string({ error: message }).pipe(safeText({ max, min: 1, minMessage: message }));

const optionalName = (message: string) =>
  z
    .string({ error: message })
    .pipe(safeText({ max: PAYEE_NAME_MAX }))
    .optional();

/**
 * PUT /payee-identity: the whole profile, the id in any usual writing, the certification
 * ticked. A Canadian individual (SIN) gives first and last name apart (Part XX names them
 * so), and their legal name is the two joined; everyone else gives one legal name, and has
 * no first or last name on file.
 */
export const payeeIdentityBody = z
  .object({
    legal_name: optionalName(PAYEE_MESSAGES.legalNameRequired),
    first_name: optionalName(PAYEE_MESSAGES.firstNameRequired),
    last_name: optionalName(PAYEE_MESSAGES.lastNameRequired),
    address_line1: required(PAYEE_ADDRESS_MAX, PAYEE_MESSAGES.addressRequired),
    address_line2: safeText({ max: PAYEE_ADDRESS_MAX }).default(''),
    city: required(PAYEE_CITY_MAX, PAYEE_MESSAGES.cityRequired),
    region: z
      .string({ error: PAYEE_MESSAGES.regionRequired })
      .max(2, PAYEE_MESSAGES.regionRequired),
    postal_code: z.string({ error: PAYEE_MESSAGES.postalMismatch }).max(10),
    country: z.enum(PAYEE_COUNTRIES, { error: PAYEE_MESSAGES.countryRequired }),
    taxpayer_id_type: z.enum(TAXPAYER_ID_TYPES, { error: TAXPAYER_ID_MESSAGES.wrongCountry }),
    taxpayer_id: z.string({ error: TAXPAYER_ID_MESSAGES.required }).max(20),
    certified: z.literal(true, { error: PAYEE_MESSAGES.certificationRequired }),
  })
  .transform((body, ctx) => {
    const apart = needsSeparateNames(body.country, body.taxpayer_id_type);
    const names = apart
      ? ([
          ['first_name', PAYEE_MESSAGES.firstNameRequired],
          ['last_name', PAYEE_MESSAGES.lastNameRequired],
        ] as const)
      : ([['legal_name', PAYEE_MESSAGES.legalNameRequired]] as const);
    for (const [key, message] of names)
      if (!body[key]) ctx.addIssue({ code: 'custom', path: [key], message });
    if (!PAYEE_REGIONS[body.country].includes(body.region.toUpperCase()))
      ctx.addIssue({ code: 'custom', path: ['region'], message: PAYEE_MESSAGES.regionRequired });
    const postal = validatePostalCode(body.postal_code);
    if (!postal.ok || postal.value.country !== body.country)
      ctx.addIssue({
        code: 'custom',
        path: ['postal_code'],
        message: postal.ok ? PAYEE_MESSAGES.postalMismatch : postal.message,
      });
    const id = validateTaxpayerId(body.country, body.taxpayer_id_type, body.taxpayer_id);
    if (!id.ok) ctx.addIssue({ code: 'custom', path: ['taxpayer_id'], message: id.message });
    if (!postal.ok || !id.ok) return z.NEVER;
    const first = body.first_name ?? '';
    const last = body.last_name ?? '';
    return {
      ...body,
      legal_name: apart ? joinedLegalName(first, last) : (body.legal_name ?? ''),
      first_name: apart ? first : null,
      last_name: apart ? last : null,
      region: body.region.toUpperCase(),
      postal_code: postal.value.code,
      taxpayer_id: id.value,
    };
  });
export type PayeeIdentityBody = z.infer<typeof payeeIdentityBody>;

/** The profile as the member (and an admin) reads it: the id masked, never more. */
export const payeeIdentitySchema = z.object({
  legal_name: z.string(),
  /** A Canadian individual's (SIN) names apart, as Part XX reports them; else null. */
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  address_line1: z.string(),
  address_line2: z.string(),
  city: z.string(),
  region: z.string(),
  postal_code: z.string(),
  country: z.enum(PAYEE_COUNTRIES),
  taxpayer_id_type: z.enum(TAXPAYER_ID_TYPES),
  /** '•••-••-6789': the last 4 digits in the id's usual layout. */
  taxpayer_id_masked: z.string(),
  certified_at: z.string(),
  certification_version: z.number().int(),
  updated_at: z.string(),
});
export type PayeeIdentity = z.infer<typeof payeeIdentitySchema>;

export const payeeIdentityResponse = z.object({
  success: z.literal(true),
  /** Null until the member completes the profile. */
  payee: payeeIdentitySchema.nullable(),
});
export type PayeeIdentityResponse = z.infer<typeof payeeIdentityResponse>;

/**
 * GET /payouts/year-to-date: what the member was paid this calendar year (New York), what
 * is on its way, and the line past which a redemption waits for the payee profile.
 */
export const payoutsYearToDateResponse = z.object({
  success: z.literal(true),
  year: z.number().int(),
  paid_cents: z.number().int(),
  payments: z.number().int(),
  pending_cents: z.number().int(),
  identity_threshold_cents: z.number().int(),
  /** Where the payee is (the profile's country, else the postal code's); it picks the wording. */
  payee_country: z.enum(['US', 'CA']).nullable(),
  payee_profile_complete: z.boolean(),
});
export type PayoutsYearToDate = z.infer<typeof payoutsYearToDateResponse>;

/** GET /payouts/statement?year=2026: the member's own yearly statement of what was paid. */
export const payoutsStatementQuery = z.object({
  year: z.coerce.number().int().min(2020).max(2100),
});
export const payoutsStatementResponse = z.object({
  success: z.literal(true),
  year: z.number().int(),
  /** Who paid: the operator's legal name, as on the payee reports. */
  payer: z.string(),
  payee: payeeIdentitySchema.nullable(),
  /** amount_cents is what reached the member; fee_cents the payout fee kept from it. */
  payments: z.array(
    z.object({
      id: z.number().int(),
      paid_at: z.string(),
      amount_cents: z.number().int(),
      fee_cents: z.number().int(),
    }),
  ),
  total_cents: z.number().int(),
  /** With total_cents, what the member earned: the US report's box 1. */
  fee_total_cents: z.number().int(),
});
export type PayoutsStatement = z.infer<typeof payoutsStatementResponse>;

/**
 * GET /admin/payee-report?year=2026&country=US: the year-end payee report (a CSV), ids
 * masked. POST /admin/payee-report/full-ids takes the same as its body and answers the
 * same report with the full taxpayer ids, written to the audit log.
 */
export const payeeReportQuery = z.object({
  year: z.coerce.number().int().min(2020).max(2100),
  country: z.enum(PAYEE_COUNTRIES),
});
export type PayeeReportQuery = z.infer<typeof payeeReportQuery>;

/**
 * GET /payee-record-policy (public): how many years after the year of their last payout a
 * deleted member's payee profile is kept, as this server is configured, per country.
 */
export const payeeRecordPolicyResponse = z.object({
  retention_years: z.object({ US: z.number().int(), CA: z.number().int() }),
});
export type PayeeRecordPolicy = z.infer<typeof payeeRecordPolicyResponse>;
