// Year-end payee reports (issue 43; product rules, Payouts): per country and New York
// calendar year, the members paid with their payee profile and what they were paid. The
// totals are the paid redemptions of the year, the boundary at New York's midnight; ids are
// masked unless an admin asks for the full-id report, which the audit log records and no
// log line carries. Members cannot read either report.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionTokensFor, type TestApp } from '../../../test/app';
import { buildMember } from '../../../test/factories';
import { testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { deleteAccount } from '../safety/account-deletion.service';

const time = testClock('2026-01-15T15:00:00Z');
const logLines: string[] = [];
let t: TestApp;
let admin: Member;

type Member = Awaited<ReturnType<typeof signedIn>>;

const signedIn = (overrides: Parameters<typeof buildMember>[1] = {}) =>
  buildMember(t.database.db, { is_approved: true, onboarded: 14, ...overrides });

/** Signs `m` in at the clock's time: the test walks through a year, past session lifetimes. */
async function call(method: 'GET' | 'POST' | 'PUT', url: string, m?: Member, payload?: object) {
  const [token] = m ? await sessionTokensFor(t, [m.id], time.clock) : [];
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  return t.app.inject({ method, url: `/api${url}`, headers, payload });
}

/** A member with `cents` redeemable tokens (1 cent each) and, if given, a payee profile. */
async function earner(cents: number, country: 'US' | 'CA', profile?: object) {
  const m = await signedIn({ country, birth_date: '1990-04-15' });
  const res = await call('POST', '/admin/tokens/adjustments', admin, {
    username: m.username,
    amount: cents,
    redeemable: true,
    cash_cents: cents,
    cash_reference: 'Bank transfer 7',
    reason: 'Earnings credited by hand',
  });
  expect(res.statusCode, res.body).toBe(200);
  if (profile) expect((await call('PUT', '/payee-identity', m, profile)).statusCode).toBe(200);
  return m;
}

/** Redeems `cents` now and, at `paidAt` (when given), the admin marks it paid. */
async function payout(m: Member, cents: number, paidAt?: string) {
  const res = await call('POST', '/redeem-tokens', m, {
    token_amount: cents,
    paypal_email: 'me@example.com',
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().redemption.id;
  if (paidAt) {
    time.set(paidAt);
    const paid = await call('POST', `/admin/redemptions/${id}/paid`, admin);
    expect(paid.statusCode, paid.body).toBe(200);
  }
  return id;
}

const US_PROFILE = {
  legal_name: 'Avery Q. Lin',
  address_line1: '9 Water Street',
  address_line2: 'Apt 2, rear',
  city: 'Hoboken',
  region: 'NJ',
  postal_code: '07030',
  country: 'US',
  taxpayer_id_type: 'ssn',
  taxpayer_id: '123-45-6789',
  certified: true,
};
const CA_PROFILE = {
  first_name: 'Élodie',
  last_name: 'Tremblay',
  address_line1: '1200 rue Sainte-Catherine',
  city: 'Montréal',
  region: 'QC',
  postal_code: 'H3B 1K9',
  country: 'CA',
  taxpayer_id_type: 'sin',
  taxpayer_id: '130 692 544',
  certified: true,
};

function parseCsv(body: string): Record<string, string>[] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const [header, ...lines] = body.slice(1).trimEnd().split('\r\n');
  const split = (line: string) =>
    [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
      .slice(0, -1)
      .map(([, cell]) =>
        cell!.startsWith('"') ? cell!.slice(1, -1).replaceAll('""', '"') : cell!,
      );
  const names = split(header!);
  return lines.map((line) => Object.fromEntries(split(line).map((v, i) => [names[i], v])));
}

const report = async (year: number, country: string, by: Member = admin) => {
  const res = await call('GET', `/admin/payee-report?year=${year}&country=${country}`, by);
  expect(res.statusCode, res.body).toBe(200);
  return { res, rows: parseCsv(res.body) };
};

let us: Member;
let usWithout: Member;
let usDeleted: Member;
let ca: Member;

beforeAll(async () => {
  t = await createTestApp(
    { SWEEPER_ENABLED: 'false', LOG_LEVEL: 'debug', ACCESS_LOG: 'all' },
    { clock: time.clock, logStream: { write: (line) => logLines.push(line) } },
  );
  admin = await signedIn({ role: 'admin' });
  const res = await call('PUT', '/admin/settings', admin, { redemption_risk_threshold: 1000 });
  expect(res.statusCode, res.body).toBe(200);

  time.set('2026-02-01T12:00:00Z');
  ca = await earner(20_000, 'CA', CA_PROFILE);
  await payout(ca, 10_000, '2026-02-02T12:00:00Z');

  // From here each payout costs a $1.00 fee: the US box 1 is gross, Part XX's
  // consideration net with the fees apart.
  const fee = await call('PUT', '/admin/settings', admin, { payout_fee_cents: 100 });
  expect(fee.statusCode, fee.body).toBe(200);

  time.set('2026-03-10T15:00:00Z');
  us = await earner(300_000, 'US', US_PROFILE);
  await payout(us, 90_000, '2026-03-10T16:00:00Z');
  await payout(us, 60_000, '2026-03-10T16:05:00Z');

  time.set('2026-04-01T12:00:00Z');
  // Paid below the identity threshold, so without a payee profile; still reported.
  usWithout = await earner(30_000, 'US');
  await payout(usWithout, 20_000, '2026-05-01T12:00:00Z');
  // Pending and failed redemptions were not paid: never in a report.
  await payout(usWithout, 5_000);
  const failed = await payout(usWithout, 3_000);
  await call('POST', `/admin/redemptions/${failed}/failed`, admin, { reason: 'PayPal refused' });

  // Paid below the identity threshold without a payee profile, then the account deleted:
  // the member's country goes with the account, the payout stays in the books.
  time.set('2026-06-01T12:00:00Z');
  usDeleted = await earner(15_000, 'US');
  await payout(usDeleted, 12_000, '2026-06-02T12:00:00Z');
  await deleteAccount({ db: t.database.db, clock: time.clock }, usDeleted.id);

  time.set('2026-11-20T12:00:00Z');
  await payout(ca, 5_000, '2026-11-20T12:00:00Z');

  time.set('2026-12-31T20:00:00Z');
  const late = await payout(us, 60_000);
  const early = await payout(us, 40_000);
  // 23:30 on December 31st in New York (04:30 UTC on January 1st): paid in 2026.
  time.set('2027-01-01T04:30:00Z');
  expect((await call('POST', `/admin/redemptions/${late}/paid`, admin)).statusCode).toBe(200);
  // 00:30 on January 1st in New York: paid in 2027.
  time.set('2027-01-01T05:30:00Z');
  expect((await call('POST', `/admin/redemptions/${early}/paid`, admin)).statusCode).toBe(200);
});
afterAll(async () => t?.close());

describe('GET /admin/payee-report', () => {
  it('gives the US payees of the New York year in the shape of 1099-NEC data, ids masked', async () => {
    const { res, rows: found } = await report(2026, 'US');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="payees-2026-US.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(found).toEqual([
      {
        tax_year: '2026',
        payer_name: 'Bidboard Labs LLC',
        member_id: String(us.id),
        payee_profile: 'complete',
        recipient_name: 'Avery Q. Lin',
        recipient_tin_type: 'SSN',
        recipient_tin: '•••-••-6789',
        street_address: '9 Water Street, Apt 2, rear',
        city: 'Hoboken',
        state: 'NJ',
        zip: '07030',
        box1_nonemployee_compensation: '2100.00',
        box4_federal_income_tax_withheld: '0.00',
        payments: '3',
        reportable: 'yes',
      },
      {
        tax_year: '2026',
        payer_name: 'Bidboard Labs LLC',
        member_id: String(usWithout.id),
        payee_profile: 'missing',
        recipient_name: '',
        recipient_tin_type: '',
        recipient_tin: '',
        street_address: '',
        city: '',
        state: '',
        zip: '',
        box1_nonemployee_compensation: '200.00',
        box4_federal_income_tax_withheld: '0.00',
        payments: '1',
        reportable: 'no',
      },
      {
        tax_year: '2026',
        payer_name: 'Bidboard Labs LLC',
        member_id: String(usDeleted.id),
        payee_profile: 'missing',
        recipient_name: '',
        recipient_tin_type: '',
        recipient_tin: '',
        street_address: '',
        city: '',
        state: '',
        zip: '',
        box1_nonemployee_compensation: '120.00',
        box4_federal_income_tax_withheld: '0.00',
        payments: '1',
        reportable: 'no',
      },
    ]);
    expect(res.body).not.toContain('123-45-6789');
    expect(res.body).not.toContain('123456789');
  });

  it('counts a payout in the year of its New York date: the next year has the one after midnight', async () => {
    const { rows: found } = await report(2027, 'US');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      member_id: String(us.id),
      box1_nonemployee_compensation: '400.00',
      payments: '1',
      reportable: 'no',
    });
    expect((await report(2025, 'US')).rows).toEqual([]);
  });

  it('gives Canada as Part XX reportable sellers: consideration and activities by quarter', async () => {
    const { rows: found } = await report(2026, 'CA');
    expect(found).toEqual([
      expect.objectContaining({
        member_id: String(ca.id),
        payee_profile: 'complete',
        seller_name: 'Élodie Tremblay',
        seller_last_name: 'Tremblay',
        seller_first_name: 'Élodie',
        tin_type: 'SIN',
        tin: '••• ••2 544',
        tin_issued_by: 'CA',
        date_of_birth: '1990-••-••',
        street_address: '1200 rue Sainte-Catherine',
        city: 'Montréal',
        province: 'QC',
        postal_code: 'H3B 1K9',
        country_of_residence: 'CA',
        financial_account_id: 'me@example.com',
        consideration_q1: '100.00',
        activities_q1: '1',
        fees_q1: '0.00',
        consideration_q2: '0.00',
        activities_q2: '0',
        consideration_q3: '0.00',
        consideration_q4: '49.00',
        activities_q4: '1',
        fees_q4: '1.00',
        total_consideration: '149.00',
        payments: '2',
        fees_withheld: '1.00',
        currency: 'USD',
        reportable: 'yes',
      }),
    ]);
  });

  it('adds up, over both countries, to every redemption paid in the New York year, fees included', async () => {
    for (const year of [2026, 2027]) {
      const [paid] = await rows<{ cents: number }>(
        t.database.db,
        sql`SELECT COALESCE(SUM(amount_cents + fee_cents), 0)::int AS cents FROM redemptions
             WHERE status = 'paid'
               AND to_char(decided_at AT TIME ZONE 'America/New_York', 'YYYY') = ${String(year)}`,
      );
      const usRows = (await report(year, 'US')).rows;
      const caRows = (await report(year, 'CA')).rows;
      const reported =
        usRows.reduce(
          (sum, r) => sum + Math.round(Number(r.box1_nonemployee_compensation) * 100),
          0,
        ) +
        caRows.reduce(
          (sum, r) =>
            sum + Math.round((Number(r.total_consideration) + Number(r.fees_withheld)) * 100),
          0,
        );
      expect(reported).toBe(paid!.cents);
    }
  });

  it('matches the member’s statement: the payouts with their fees add up to box 1', async () => {
    const statement = (await call('GET', '/payouts/statement?year=2026', us)).json();
    expect(statement).toMatchObject({
      payments: [
        { amount_cents: 89_900, fee_cents: 100 },
        { amount_cents: 59_900, fee_cents: 100 },
        { amount_cents: 59_900, fee_cents: 100 },
      ],
      total_cents: 209_700,
      fee_total_cents: 300,
    });
    const box1 = (await report(2026, 'US')).rows.find((r) => r.member_id === String(us.id));
    expect(box1?.box1_nonemployee_compensation).toBe('2100.00');
  });

  it('is for admins only', async () => {
    const member = await signedIn();
    const res = await call('GET', '/admin/payee-report?year=2026&country=US', member);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('Avery');
    const full = await call('POST', '/admin/payee-report/full-ids', member, {
      year: 2026,
      country: 'US',
    });
    expect(full.statusCode).toBe(403);
    expect((await call('GET', '/admin/payee-report?year=2026&country=US')).statusCode).toBe(401);
    expect((await call('GET', '/admin/payee-report?year=2026&country=FR', admin)).statusCode).toBe(
      400,
    );
  });
});

describe('POST /admin/payee-report/full-ids', () => {
  const audited = () =>
    rows<{ admin_id: number | null; target_id: string; after: unknown; created_at: Date }>(
      t.database.db,
      sql`SELECT admin_id, target_id, after, created_at FROM admin_audit_log
           WHERE action = 'payee_report.full_ids' ORDER BY id`,
    );

  it('shows the whole ids and writes who asked for which year and country to the audit log', async () => {
    expect(await audited()).toEqual([]);
    await report(2026, 'US');
    expect(await audited()).toEqual([]);

    const res = await call('POST', '/admin/payee-report/full-ids', admin, {
      year: 2026,
      country: 'US',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="payees-2026-US-full-ids.csv"',
    );
    const found = parseCsv(res.body);
    expect(found.map((r) => r.recipient_tin)).toEqual(['123-45-6789', '', '']);
    const ca = parseCsv(
      (await call('POST', '/admin/payee-report/full-ids', admin, { year: 2026, country: 'CA' }))
        .body,
    );
    expect(ca[0]!.tin).toBe('130 692 544');
    expect(ca[0]!.date_of_birth).toBe('1990-04-15');

    const entries = await audited();
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      admin_id: admin.id,
      target_id: '2026-US',
      after: { year: 2026, country: 'US', payees: 3 },
    });
    expect(entries[1]).toMatchObject({ admin_id: admin.id, target_id: '2026-CA' });
    expect(JSON.stringify(entries)).not.toContain('6789');
  });

  it('never writes an id to a log line, at debug level', async () => {
    await call('POST', '/admin/payee-report/full-ids', admin, { year: 2026, country: 'US' });
    await call('POST', '/admin/payee-report/full-ids', admin, { year: 2026, country: 'CA' });
    const text = logLines.join('\n');
    expect(text).toContain('/api/admin/payee-report/full-ids');
    for (const id of ['123-45-6789', '123456789', '130 692 544', '130692544', '1990-04-15'])
      expect(text).not.toContain(id);
  });
});
