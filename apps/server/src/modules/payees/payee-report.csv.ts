// The year-end payee reports' columns (issue 43): the US in the shape of 1099-NEC data
// (recipient, TIN, box 1 nonemployee compensation), Canada in the shape of a Part XX
// reportable seller (an individual's last and first name apart and date of birth, the
// account paid into, consideration, activities and fees per quarter). Amounts are US dollars.
import { LEGAL, PAYEE_REPORTING_THRESHOLD_CENTS, type PayeeCountry } from '@bidboard/shared';
import type { PaidPayeeRow } from './payee-report.repository';

export interface ReportedPayee extends PaidPayeeRow {
  /** Masked ('•••-••-6789') or, in the audited full-id report, the whole id; '' without a profile. */
  tin: string;
  /** Canada's individuals: the year only ('1990-••-••') or, in the full-id report, the date. */
  dob: string;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** At the 1099-NEC's threshold and over it is reported; Part XX reports any payment. */
export function isReportable(country: PayeeCountry, totalCents: number): boolean {
  return totalCents > 0 && totalCents >= PAYEE_REPORTING_THRESHOLD_CENTS[country];
}

const street = (p: PaidPayeeRow) =>
  [p.address_line1, p.address_line2].filter((line) => line).join(', ');

const common = (year: number, p: ReportedPayee) => ({
  tax_year: year,
  payer_name: LEGAL.operator,
  member_id: p.user_id,
  payee_profile: p.legal_name === null ? 'missing' : 'complete',
});

const COLUMNS: Record<PayeeCountry, (year: number, p: ReportedPayee) => Record<string, unknown>> = {
  US: (year, p) => ({
    ...common(year, p),
    recipient_name: p.legal_name,
    recipient_tin_type: p.taxpayer_id_type?.toUpperCase(),
    recipient_tin: p.tin,
    street_address: street(p),
    city: p.city,
    state: p.region,
    zip: p.postal_code,
    // The fee is the member's earnings kept for the payout's cost, so box 1 is gross.
    box1_nonemployee_compensation: dollars(p.gross_cents),
    box4_federal_income_tax_withheld: dollars(0),
    payments: p.payments,
    reportable: isReportable('US', p.gross_cents) ? 'yes' : 'no',
  }),
  CA: (year, p) => ({
    ...common(year, p),
    seller_name: p.legal_name,
    // An individual (SIN) apart, as Part XX and the T4A name them; a business has its name only.
    seller_last_name: p.last_name,
    seller_first_name: p.first_name,
    tin_type: p.taxpayer_id_type?.toUpperCase(),
    tin: p.tin,
    tin_issued_by: 'CA',
    date_of_birth: p.dob,
    street_address: street(p),
    city: p.city,
    province: p.region,
    postal_code: p.postal_code,
    country_of_residence: 'CA',
    // The account paid into: the member's PayPal address(es); the account is the member id.
    financial_account_id: p.payout_accounts,
    ...Object.fromEntries(
      p.quarter_cents.flatMap((cents, q) => [
        [`consideration_q${q + 1}`, dollars(cents)],
        [`activities_q${q + 1}`, p.quarter_payments[q]],
        [`fees_q${q + 1}`, dollars(p.quarter_fee_cents[q]!)],
      ]),
    ),
    // Part XX's consideration is net of the platform's fees, which it reports apart.
    total_consideration: dollars(p.total_cents),
    payments: p.payments,
    fees_withheld: dollars(p.fee_cents),
    currency: 'USD',
    reportable: isReportable('CA', p.total_cents) ? 'yes' : 'no',
  }),
};

/**
 * A field as a spreadsheet reads it: quoted when it must be, and text a spreadsheet would
 * run as a formula (a name starting with '=' or '+') kept as text.
 */
function field(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The report as UTF-8 CSV, with a byte order mark so spreadsheets read accents right. */
export function payeeReportCsv(country: PayeeCountry, year: number, payees: ReportedPayee[]) {
  const header = Object.keys(COLUMNS[country](year, emptyPayee));
  const lines = payees.map((p) => Object.values(COLUMNS[country](year, p)).map(field).join(','));
  return `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`;
}

const emptyPayee: ReportedPayee = {
  user_id: 0,
  username: null,
  legal_name: null,
  first_name: null,
  last_name: null,
  address_line1: null,
  address_line2: null,
  city: null,
  region: null,
  postal_code: null,
  taxpayer_id_type: null,
  taxpayer_id_last4: null,
  taxpayer_id_sealed: null,
  taxpayer_id_key: null,
  total_cents: 0,
  gross_cents: 0,
  payments: 0,
  fee_cents: 0,
  quarter_cents: [0, 0, 0, 0],
  quarter_payments: [0, 0, 0, 0],
  quarter_fee_cents: [0, 0, 0, 0],
  birth_date: null,
  payout_accounts: null,
  tin: '',
  dob: '',
};
