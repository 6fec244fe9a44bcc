// The member's language (product rules, Languages): a new member starts in their device's,
// Settings changes it, members in Quebec start in French unless they picked, /me says it,
// and the sign-in code's text is written in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { buildMember, uniquePhone } from '../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function me(token: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { authorization: `Bearer ${token}` },
  });
  return res.json().user as { language: string };
}

async function update(token: string, payload: object) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/update-profile',
    payload,
    headers: { authorization: `Bearer ${token}` },
  });
}

async function join(language?: string, chosen?: boolean) {
  const referrer = await buildMember(t.database.db, { onboarded: 14 });
  const phone = uniquePhone();
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/request-otp',
    payload: { phone_number: phone, language },
  });
  const otp = t.sms.lastTo(phone)!.code!;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-otp',
    payload: {
      phone_number: phone,
      otp,
      referred_by: referrer.username,
      language,
      language_chosen: chosen,
    },
  });
  expect(res.statusCode).toBe(200);
  return { phone, ...(res.json() as { token: string; user: { language: string } }) };
}

describe('the member’s language', () => {
  it('starts as the device’s: French on a French browser, English without one', async () => {
    const french = await join('fr-CA');
    expect(french.user.language).toBe('fr-CA');
    expect((await me(french.token)).language).toBe('fr-CA');
    const plain = await join();
    expect(plain.user.language).toBe('en');
  });

  it('texts a new number its code in the sign-in page’s language', async () => {
    const { phone } = await join('fr-CA');
    expect(t.sms.lastTo(phone)!.body).toMatch(
      /^Votre code Bidboard est \d{6}\. Il expire dans \d+ minutes\.$/,
    );
  });

  it('texts a member their code in their stored language, whatever the page says', async () => {
    const member = await buildMember(t.database.db, { language: 'fr-CA' });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-otp',
      payload: { phone_number: member.phone_number, language: 'en' },
    });
    expect(t.sms.lastTo(member.phone_number)!.body).toMatch(/^Votre code Bidboard est \d{6}\./);
    const english = await buildMember(t.database.db);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-otp',
      payload: { phone_number: english.phone_number },
    });
    expect(t.sms.lastTo(english.phone_number)!.body).toMatch(
      /^Your Bidboard code is \d{6}\. It expires in \d+ minutes\.$/,
    );
  });

  it('is set in Settings', async () => {
    const member = await buildMember(t.database.db);
    const { token } = await signIn(t, member.phone_number);
    const res = await update(token, { language: 'fr-CA' });
    expect(res.statusCode).toBe(200);
    expect((await me(token)).language).toBe('fr-CA');
    expect((await update(token, { language: 'de' })).statusCode).toBe(400);
  });

  it('turns French with a Quebec postal code (the sign-in code then texted in French), not with an Ontario one', async () => {
    const quebec = await join();
    await update(quebec.token, { postal_code: 'H2X 1Y4' });
    expect((await me(quebec.token)).language).toBe('fr-CA');
    // Their next sign-in code is texted in French, from a page that says nothing.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-otp',
      payload: { phone_number: quebec.phone },
    });
    expect(t.sms.lastTo(quebec.phone)!.body).toMatch(
      /^Votre code Bidboard est \d{6}\. Il expire dans \d+ minutes\.$/,
    );
    const ontario = await join();
    await update(ontario.token, { postal_code: 'M5V 3L9' });
    expect((await me(ontario.token)).language).toBe('en');
  });

  it('stays as the member picked it, in Quebec too', async () => {
    const picked = await join('en', true);
    await update(picked.token, { postal_code: 'G6V 1A1' });
    expect((await me(picked.token)).language).toBe('en');
    const member = await buildMember(t.database.db);
    const { token } = await signIn(t, member.phone_number);
    await update(token, { language: 'en' });
    await update(token, { postal_code: 'H2X 1Y4' });
    expect((await me(token)).language).toBe('en');
  });

  it('picked on the sign-in page replaces a member’s stored language', async () => {
    const member = await buildMember(t.database.db);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-otp',
      payload: { phone_number: member.phone_number },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: {
        phone_number: member.phone_number,
        otp: t.sms.lastTo(member.phone_number)!.code!,
        language: 'fr-CA',
        language_chosen: true,
      },
    });
    expect(res.json().user.language).toBe('fr-CA');
    expect((await me(res.json().token)).language).toBe('fr-CA');
  });
});
