// Payee records after an account deletion (issue 43; the privacy policy's "Payee records"):
// a payee profile with no payout goes with the account; one that is a tax record stays, as
// it was, in the year-end reports, until the end of its last payout's New York year plus
// PAYEE_RECORD_RETENTION_YEARS_US (4) or _CA (6); a payout still on its way keeps it; a
// member who keeps their account keeps theirs.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionTokensFor, type TestApp } from '../../../test/app';
import { buildMember } from '../../../test/factories';
import { testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { pruneExpiredRows } from '../retention/retention.service';
import { deleteAccount } from '../safety/account-deletion.service';

const time = testClock('2026-06-10T15:00:00Z');
let t: TestApp;
let admin: { id: number };

async function call(method: 'GET' | 'POST' | 'PUT', url: string, m: { id: number }, body?: object) {
  const [token] = await sessionTokensFor(t, [m.id], time.clock);
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  });
}

const US = {
  legal_name: 'Avery Q. Lin',
  address_line1: '9 Water Street',
  city: 'Hoboken',
  region: 'NJ',
  postal_code: '07030',
  country: 'US',
  taxpayer_id_type: 'ssn',
  taxpayer_id: '123-45-6789',
  certified: true,
};
const CA = {
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

/** A member with a payee profile and, when `paid`, a payout of that many cents marked paid now. */
async function payee(profile: object, paid?: number, pending?: number) {
  const m = await buildMember(t.database.db, {
    is_approved: true,
    onboarded: 14,
    birth_date: '1990-04-15',
  });
  expect((await call('PUT', '/payee-identity', m, profile)).statusCode).toBe(200);
  const total = (paid ?? 0) + (pending ?? 0);
  if (total) {
    const credit = await call('POST', '/admin/tokens/adjustments', admin, {
      username: m.username,
      amount: total,
      redeemable: true,
      cash_cents: total,
      cash_reference: 'Bank transfer 7',
      reason: 'Earnings credited by hand',
    });
    expect(credit.statusCode, credit.body).toBe(200);
  }
  for (const [cents, settle] of [
    [paid, true],
    [pending, false],
  ] as const) {
    if (!cents) continue;
    const res = await call('POST', '/redeem-tokens', m, {
      token_amount: cents,
      paypal_email: 'me@example.com',
    });
    expect(res.statusCode, res.body).toBe(200);
    if (settle) {
      const id = res.json().redemption.id;
      expect((await call('POST', `/admin/redemptions/${id}/paid`, admin)).statusCode).toBe(200);
    }
  }
  return m;
}

const hasProfile = async (userId: number) =>
  (await rows(t.database.db, sql`SELECT 1 FROM payee_identities WHERE user_id = ${userId}`))
    .length > 0;

const sweep = () => pruneExpiredRows({ db: t.database.db, config: t.config, clock: time.clock });

beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: time.clock });
  admin = await buildMember(t.database.db, { is_approved: true, onboarded: 14, role: 'admin' });
  expect(
    (await call('PUT', '/admin/settings', admin, { redemption_risk_threshold: 1000 })).statusCode,
  ).toBe(200);
});
afterAll(async () => t?.close());

describe('payee records after an account deletion', () => {
  it('deletes a payee profile no payout was made on with the account', async () => {
    const m = await payee(US);
    await deleteAccount({ db: t.database.db, clock: time.clock }, m.id);
    expect(await hasProfile(m.id)).toBe(false);
  });

  it('keeps a paid payee for the report, then deletes it when the law’s years have passed', async () => {
    time.set('2026-06-10T15:00:00Z');
    const us = await payee(US, 5_000);
    const ca = await payee(CA, 5_000);
    const stays = await payee(US, 5_000);
    for (const m of [us, ca]) await deleteAccount({ db: t.database.db, clock: time.clock }, m.id);
    expect(await hasProfile(us.id)).toBe(true);
    expect(await hasProfile(ca.id)).toBe(true);
    const report = await call('GET', '/admin/payee-report?year=2026&country=US', admin);
    expect(report.body).toContain(`,${us.id},complete,Avery Q. Lin,SSN,•••-••-6789,`);

    // The US keeps 2026's records through 2030: 23:59 on December 31st 2030 in New York.
    time.set('2031-01-01T04:59:00Z');
    expect((await sweep()).payeeRecords).toBe(0);
    expect(await hasProfile(us.id)).toBe(true);
    time.set('2031-01-01T05:00:00Z');
    expect((await sweep()).payeeRecords).toBe(1);
    expect(await hasProfile(us.id)).toBe(false);
    // Canada keeps them through 2032.
    expect(await hasProfile(ca.id)).toBe(true);
    time.set('2032-12-31T12:00:00Z');
    await sweep();
    expect(await hasProfile(ca.id)).toBe(true);
    time.set('2033-01-01T05:00:00Z');
    await sweep();
    expect(await hasProfile(ca.id)).toBe(false);
    // The member who kept their account keeps their profile, however old their payouts.
    expect(await hasProfile(stays.id)).toBe(true);
  });

  it('keeps what the year’s Part XX report needs of a Canadian payee who deleted the account', async () => {
    time.set('2026-06-10T15:00:00Z');
    const m = await payee(CA, 5_000);
    const before = await call('GET', '/admin/payee-report?year=2026&country=CA', admin);
    const row = (body: string) => body.split('\r\n').find((l) => l.includes(`,${m.id},`));
    expect(row(before.body)).toContain(',1990-••-••,');
    await deleteAccount({ db: t.database.db, clock: time.clock }, m.id);
    const member = await rows<{ birth_date: string | null }>(
      t.database.db,
      sql`SELECT birth_date FROM users WHERE id = ${m.id}`,
    );
    expect(member[0]!.birth_date).toBeNull();
    // The shared report: the same row, the date of birth as its year, the PayPal address.
    const after = await call('GET', '/admin/payee-report?year=2026&country=CA', admin);
    expect(row(after.body)).toBe(row(before.body));
    expect(row(after.body)).toContain(
      `,${m.id},complete,Élodie Tremblay,Tremblay,Élodie,SIN,••• ••2 544,CA,1990-••-••,1200 rue Sainte-Catherine,Montréal,QC,H3B 1K9,CA,me@example.com,0.00,0,0.00,50.00,1,0.00,`,
    );
    expect(after.body).not.toContain('1990-04-15');
    // The audited full-id report has the date of birth.
    const full = await call('POST', '/admin/payee-report/full-ids', admin, {
      year: 2026,
      country: 'CA',
    });
    expect(row(full.body)).toContain(',SIN,130 692 544,CA,1990-04-15,1200 rue Sainte-Catherine,');
    // The US report never had it.
    const us = await payee(US, 5_000);
    await deleteAccount({ db: t.database.db, clock: time.clock }, us.id);
    const stored = await rows<{ birth_date: string | null; payout_accounts: string[] | null }>(
      t.database.db,
      sql`SELECT birth_date, payout_accounts FROM payee_identities WHERE user_id = ${us.id}`,
    );
    expect(stored).toEqual([{ birth_date: null, payout_accounts: null }]);
  });

  it('states the years it keeps them publicly, as configured', async () => {
    const policy = await t.app.inject({ method: 'GET', url: '/api/payee-record-policy' });
    expect(policy.statusCode).toBe(200);
    expect(policy.json()).toEqual({ retention_years: { US: 4, CA: 6 } });
    const longer = await createTestApp({
      SWEEPER_ENABLED: 'false',
      PAYEE_RECORD_RETENTION_YEARS_US: '7',
      PAYEE_RECORD_RETENTION_YEARS_CA: '9',
    });
    try {
      const res = await longer.app.inject({ method: 'GET', url: '/api/payee-record-policy' });
      expect(res.json()).toEqual({ retention_years: { US: 7, CA: 9 } });
    } finally {
      await longer.close();
    }
  });

  it('keeps the payee of a payout still on its way, whatever the year', async () => {
    time.set('2027-03-01T15:00:00Z');
    const m = await payee(US, 5_000, 2_000);
    await deleteAccount({ db: t.database.db, clock: time.clock }, m.id);
    time.set('2040-01-01T12:00:00Z');
    await sweep();
    expect(await hasProfile(m.id)).toBe(true);
  });
});
