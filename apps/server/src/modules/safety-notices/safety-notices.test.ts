// Each jurisdiction's dating-safety notice reaches the members of that state and no one
// else, and an acknowledgement is kept per placement and version.
import { DATING_SAFETY_NOTICES, NOTICE_TEXT } from '@bidboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { buildMember } from '../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function memberIn(country: string | null, state: string | null) {
  const row = await buildMember(t.database.db, { onboarded: 14, country, state });
  const { token } = await signIn(t, row.phone_number);
  return { authorization: `Bearer ${token}` };
}

const stateOf = async (headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/safety-notices', headers });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const acknowledge = (headers: Record<string, string>, placement: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/safety-notices/acknowledge',
    headers,
    payload: { placement },
  });

describe('dating-safety notices by residence', () => {
  it.each(DATING_SAFETY_NOTICES.map((n) => [n.jurisdiction] as const))(
    '%s: the notice applies to its residents only',
    async (jurisdiction) => {
      const [country, state] = jurisdiction.split('-') as [string, string];
      expect(await stateOf(await memberIn(country, state))).toEqual({
        jurisdiction,
        acknowledged: [],
      });
      // Every other notice state, and places with none, see no notice of this one.
      for (const other of DATING_SAFETY_NOTICES) {
        if (other.jurisdiction === jurisdiction) continue;
        const [c, s] = other.jurisdiction.split('-') as [string, string];
        expect((await stateOf(await memberIn(c, s))).jurisdiction).toBe(other.jurisdiction);
      }
    },
  );

  it('shows nothing to members elsewhere, or before their postal code is known', async () => {
    for (const [country, state] of [
      ['US', 'CA'],
      ['US', 'PA'],
      ['CA', 'QC'],
      ['CA', 'ON'],
      [null, null],
    ] as const) {
      const headers = await memberIn(country, state);
      expect(await stateOf(headers)).toEqual({ jurisdiction: null, acknowledged: [] });
      const refused = await acknowledge(headers, 'sign_up');
      expect([refused.statusCode, refused.json().message]).toEqual([400, NOTICE_TEXT.noNotice]);
    }
  });

  it('keeps each placement acknowledged once, for the current version', async () => {
    const headers = await memberIn('US', 'NJ');
    expect((await acknowledge(headers, 'sign_up')).json().acknowledged).toEqual(['sign_up']);
    expect((await acknowledge(headers, 'sign_up')).statusCode).toBe(200);
    const both = await acknowledge(headers, 'first_connection');
    expect(both.json()).toEqual({
      jurisdiction: 'US-NJ',
      acknowledged: ['first_connection', 'sign_up'],
    });
    const bad = await acknowledge(headers, 'chat_safety_menu');
    expect(bad.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/safety-notices' });
    expect(anonymous.statusCode).toBe(401);
  });
});
