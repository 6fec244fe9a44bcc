// SQL of the year-end payee reports (issue 43): each member paid in a New York calendar
// year, with their payee profile when they have one, per quarter as Part XX asks.
import { CLOSE_TIME_ZONE, type PayeeCountry } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { PayeeIdentityRow } from '../../db/payouts.schema';

type Profile = Pick<
  PayeeIdentityRow,
  | 'legal_name'
  | 'first_name'
  | 'last_name'
  | 'address_line1'
  | 'address_line2'
  | 'city'
  | 'region'
  | 'postal_code'
  | 'taxpayer_id_type'
  | 'taxpayer_id_last4'
  | 'taxpayer_id_sealed'
  | 'taxpayer_id_key'
>;

type Quarters = [number, number, number, number];

export type PaidPayeeRow = { user_id: number; username: string | null } & {
  [K in keyof Profile]: Profile[K] | null;
} & {
  /** What reached the member: net of the payout fee. */
  total_cents: number;
  /** What the member earned: the payouts with their fees, the 1099-NEC's amount. */
  gross_cents: number;
  payments: number;
  fee_cents: number;
  /** Index 0 is January to March, in New York. */
  quarter_cents: Quarters;
  quarter_payments: Quarters;
  quarter_fee_cents: Quarters;
  /**
   * Canada only (Part XX), else null: an individual's (SIN) date of birth, 'YYYY-MM-DD', the
   * member's own or, once they deleted the account, the one kept on the tax record.
   */
  birth_date: string | null;
  /** Canada only: the PayPal addresses the year's payouts went to, ' '-separated. */
  payout_accounts: string | null;
};

/**
 * Members paid in [start, end) whose payee country is `country`: the profile's, or for a
 * member paid below the identity threshold without one, the country kept with each payout
 * (their postal code's when they redeemed; a deleted account has no country of its own).
 */
export async function paidPayees(
  db: Executor,
  country: PayeeCountry,
  year: { start: Date; end: Date },
): Promise<PaidPayeeRow[]> {
  const quarter = sql`EXTRACT(QUARTER FROM r.decided_at AT TIME ZONE ${CLOSE_TIME_ZONE})`;
  const quarters = sql.join(
    [1, 2, 3, 4].map(
      (q) => sql`COALESCE(SUM(r.amount_cents) FILTER (WHERE ${quarter} = ${q}), 0)::int
                   AS ${sql.raw(`q${q}_cents`)},
                 COUNT(*) FILTER (WHERE ${quarter} = ${q})::int AS ${sql.raw(`q${q}_payments`)},
                 COALESCE(SUM(r.fee_cents) FILTER (WHERE ${quarter} = ${q}), 0)::int
                   AS ${sql.raw(`q${q}_fee_cents`)}`,
    ),
    sql`, `,
  );
  // Part XX's fields of an individual, read for the Canadian report only.
  const canada = country === 'CA';
  const found = await rows<
    Omit<PaidPayeeRow, 'quarter_cents' | 'quarter_payments' | 'quarter_fee_cents'> & QuarterColumns
  >(
    db,
    sql`SELECT u.id AS user_id, u.username, p.legal_name, p.first_name, p.last_name, p.address_line1, p.address_line2,
               p.city, p.region, p.postal_code, p.taxpayer_id_type, p.taxpayer_id_last4,
               p.taxpayer_id_sealed, p.taxpayer_id_key,
               SUM(r.amount_cents)::int AS total_cents,
               SUM(r.amount_cents + r.fee_cents)::int AS gross_cents, COUNT(*)::int AS payments,
               SUM(r.fee_cents)::int AS fee_cents,
               CASE WHEN ${canada}::boolean AND p.taxpayer_id_type = 'sin'
                    THEN to_char(COALESCE(u.birth_date, p.birth_date), 'YYYY-MM-DD') END AS birth_date,
               CASE WHEN ${canada}::boolean
                    THEN COALESCE(string_agg(DISTINCT NULLIF(r.paypal_email, ''), ' '),
                                  array_to_string(p.payout_accounts, ' ')) END AS payout_accounts,
               ${quarters}
          FROM redemptions r
          JOIN users u ON u.id = r.user_id
          LEFT JOIN payee_identities p ON p.user_id = r.user_id
         WHERE r.status = 'paid' AND r.decided_at >= ${year.start} AND r.decided_at < ${year.end}
           AND COALESCE(p.country, r.payee_country, u.country) = ${country}
         GROUP BY u.id, p.user_id
         ORDER BY u.id`,
  );
  return found.map(({ q1_cents, q2_cents, q3_cents, q4_cents, ...row }) => {
    const { q1_payments, q2_payments, q3_payments, q4_payments, ...fees } = row;
    const { q1_fee_cents, q2_fee_cents, q3_fee_cents, q4_fee_cents, ...rest } = fees;
    return {
      ...rest,
      quarter_cents: [q1_cents, q2_cents, q3_cents, q4_cents],
      quarter_payments: [q1_payments, q2_payments, q3_payments, q4_payments],
      quarter_fee_cents: [q1_fee_cents, q2_fee_cents, q3_fee_cents, q4_fee_cents],
    };
  });
}

type QuarterColumns = Record<`q${1 | 2 | 3 | 4}_${'cents' | 'payments' | 'fee_cents'}`, number>;
