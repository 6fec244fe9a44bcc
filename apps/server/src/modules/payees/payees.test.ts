// The member's payee profile over HTTP (issue 43): saved whole with the taxpayer id checked,
// stored sealed (the column is not the id, and only the server's key opens it), answered
// masked to its owner and to no one else, and never written to a log line, even at debug.
import { randomBytes } from 'node:crypto';
import { PAYEE_MESSAGES, type PayeeIdentityBody, TAXPAYER_ID_MESSAGES } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionTokensFor, type TestApp } from '../../../test/app';
import { buildMember } from '../../../test/factories';
import { rows } from '../../db/client';
import type { PayeeIdentityRow } from '../../db/payouts.schema';
import { PayeeIdCipher, PayeeIdUnreadableError } from '../../lib/payee-id-cipher';
import { resealPayeeIds } from './payees.service';

const KEY = randomBytes(32);
const logLines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'debug', ACCESS_LOG: 'all', PAYEE_ID_KEYS: `k1:${KEY.toString('base64')}` },
    { logStream: { write: (line) => logLines.push(line) } },
  );
});
afterAll(async () => t?.close());

async function member() {
  const row = await buildMember(t.database.db, { is_approved: true, onboarded: 14 });
  const [token] = await sessionTokensFor(t, [row.id]);
  return { id: row.id, headers: { authorization: `Bearer ${token}` } };
}

const US_PROFILE = {
  legal_name: 'Jordan A. Rivera',
  address_line1: '221 Elm Street',
  address_line2: 'Apt 4',
  city: 'Newark',
  region: 'nj',
  postal_code: '07102',
  country: 'US',
  taxpayer_id_type: 'ssn',
  taxpayer_id: '123-45-6789',
  certified: true,
} satisfies Record<Exclude<keyof PayeeIdentityBody, 'first_name' | 'last_name'>, unknown>;

/** A Canadian individual (SIN): first and last name apart, as Part XX reports them. */
const CA_PROFILE = {
  first_name: 'Élodie',
  last_name: 'Tremblay',
  address_line1: '1200 rue Sainte-Catherine',
  address_line2: '',
  city: 'Montréal',
  region: 'QC',
  postal_code: 'H3B 1K9',
  country: 'CA',
  taxpayer_id_type: 'sin',
  taxpayer_id: '130 692 544',
  certified: true,
} satisfies Record<Exclude<keyof PayeeIdentityBody, 'legal_name'>, unknown>;

const save = (m: { headers: Record<string, string> }, body: object) =>
  t.app.inject({ method: 'PUT', url: '/api/payee-identity', headers: m.headers, payload: body });
const read = (m: { headers: Record<string, string> }) =>
  t.app.inject({ method: 'GET', url: '/api/payee-identity', headers: m.headers });
const storedRow = async (userId: number) =>
  (
    await rows<PayeeIdentityRow>(
      t.database.db,
      sql`SELECT * FROM payee_identities WHERE user_id = ${userId}`,
    )
  )[0];

describe('PUT /payee-identity', () => {
  it('saves the profile and answers with the id masked, the certification dated', async () => {
    const m = await member();
    const res = await save(m, US_PROFILE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payee).toMatchObject({
      legal_name: 'Jordan A. Rivera',
      region: 'NJ',
      postal_code: '07102',
      taxpayer_id_type: 'ssn',
      taxpayer_id_masked: '•••-••-6789',
      certification_version: 1,
    });
    expect(res.body).not.toMatch(/123-?45|12345/);
    expect((await read(m)).json()).toEqual(res.json());
  });

  it('stores the id sealed: not the id, opened only by the server key for this member', async () => {
    const m = await member();
    await save(m, CA_PROFILE);
    const row = (await storedRow(m.id))!;
    expect(row.taxpayer_id_key).toBe('k1');
    expect(row.taxpayer_id_last4).toBe('2544');
    expect(JSON.stringify(row)).not.toMatch(/130692544|130 692 544/);
    const stored = { keyId: row.taxpayer_id_key, sealed: row.taxpayer_id_sealed };
    expect(new PayeeIdCipher([{ id: 'k1', key: KEY }]).open(m.id, stored)).toBe('130692544');
    const wrongKey = new PayeeIdCipher([{ id: 'k1', key: randomBytes(32) }]);
    expect(() => wrongKey.open(m.id, stored)).toThrow(PayeeIdUnreadableError);
  });

  it('keeps a Canadian individual’s first and last name apart; the legal name is the two', async () => {
    const m = await member();
    const res = await save(m, { ...CA_PROFILE, legal_name: 'Someone Else' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payee).toMatchObject({
      legal_name: 'Élodie Tremblay',
      first_name: 'Élodie',
      last_name: 'Tremblay',
    });
    expect(await storedRow(m.id)).toMatchObject({
      legal_name: 'Élodie Tremblay',
      first_name: 'Élodie',
      last_name: 'Tremblay',
    });
    expect((await read(m)).json()).toEqual(res.json());
  });

  it('names a business (BN) and a US payee by one legal name, no first or last name', async () => {
    const m = await member();
    const business = {
      ...CA_PROFILE,
      legal_name: 'Tremblay Conseil inc.',
      taxpayer_id_type: 'bn',
      taxpayer_id: '123456782',
    };
    const res = await save(m, business);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payee).toMatchObject({
      legal_name: 'Tremblay Conseil inc.',
      first_name: null,
      last_name: null,
    });
    const us = await member();
    await save(us, { ...US_PROFILE, first_name: 'Jordan', last_name: 'Rivera' });
    expect(await storedRow(us.id)).toMatchObject({
      legal_name: 'Jordan A. Rivera',
      first_name: null,
      last_name: null,
    });
  });

  it.each([
    [{ first_name: ' ' }, PAYEE_MESSAGES.firstNameRequired],
    [{ last_name: undefined }, PAYEE_MESSAGES.lastNameRequired],
    [
      { first_name: undefined, last_name: undefined, legal_name: 'Élodie Tremblay' },
      PAYEE_MESSAGES.firstNameRequired,
    ],
  ])('refuses a Canadian individual’s %j with its message', async (change, message) => {
    const m = await member();
    const res = await save(m, { ...CA_PROFILE, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await storedRow(m.id)).toBeUndefined();
  });

  it('replaces the profile when saved again', async () => {
    const m = await member();
    await save(m, US_PROFILE);
    const again = await save(m, {
      ...US_PROFILE,
      taxpayer_id_type: 'ein',
      taxpayer_id: '12-3456780',
    });
    expect(again.json().payee.taxpayer_id_masked).toBe('••-•••6780');
    expect((await storedRow(m.id))!.taxpayer_id_type).toBe('ein');
  });

  it.each([
    [{ certified: false }, PAYEE_MESSAGES.certificationRequired],
    [{ legal_name: '  ' }, PAYEE_MESSAGES.legalNameRequired],
    [{ legal_name: undefined }, PAYEE_MESSAGES.legalNameRequired],
    [{ region: 'QC' }, PAYEE_MESSAGES.regionRequired],
    [{ postal_code: 'H2X 1Y4' }, PAYEE_MESSAGES.postalMismatch],
    [{ taxpayer_id: '666-12-3456' }, TAXPAYER_ID_MESSAGES.ssnInvalid],
    [{ taxpayer_id: '12345' }, TAXPAYER_ID_MESSAGES.nineDigits],
    [{ taxpayer_id_type: 'sin' }, TAXPAYER_ID_MESSAGES.wrongCountry],
  ])('refuses %j with its message and saves nothing', async (change, message) => {
    const m = await member();
    const res = await save(m, { ...US_PROFILE, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await storedRow(m.id)).toBeUndefined();
  });

  it('needs a signed-in member', async () => {
    expect((await save({ headers: {} }, US_PROFILE)).statusCode).toBe(401);
    expect((await read({ headers: {} })).statusCode).toBe(401);
  });
});

describe('GET /payee-identity', () => {
  it('is each member’s own: another member reads none', async () => {
    const owner = await member();
    const other = await member();
    await save(owner, US_PROFILE);
    expect((await read(other)).json()).toEqual({ success: true, payee: null });
    const otherRes = await read(other);
    expect(otherRes.body).not.toContain('Rivera');
  });
});

describe('logs', () => {
  it('never carry the taxpayer id, saved or refused, at debug level', async () => {
    const m = await member();
    await save(m, US_PROFILE);
    await save(m, { ...US_PROFILE, taxpayer_id: '666-12-3456' });
    await read(m);
    const text = logLines.join('\n');
    expect(text).toContain('/api/payee-identity');
    for (const id of ['123-45-6789', '123456789', '666-12-3456', '666123456'])
      expect(text).not.toContain(id);
  });
});

describe('resealPayeeIds (payee-keys-rotate)', () => {
  it('moves every id onto the new first key; the old key then opens none', async () => {
    const m = await member();
    await save(m, US_PROFILE);
    const k2 = { id: 'k2', key: randomBytes(32) };
    const rotated = new PayeeIdCipher([k2, { id: 'k1', key: KEY }]);
    const { resealed } = await resealPayeeIds({ db: t.database.db, payeeIds: rotated });
    expect(resealed).toBeGreaterThanOrEqual(1);
    const row = (await storedRow(m.id))!;
    const stored = { keyId: row.taxpayer_id_key, sealed: row.taxpayer_id_sealed };
    expect(stored.keyId).toBe('k2');
    expect(new PayeeIdCipher([k2]).open(m.id, stored)).toBe('123456789');
    expect(await resealPayeeIds({ db: t.database.db, payeeIds: rotated })).toEqual({ resealed: 0 });
    // The server, still on k1 alone, answers masked as before: nothing it shows is opened.
    expect((await read(m)).json().payee.taxpayer_id_masked).toBe('•••-••-6789');
  });
});
