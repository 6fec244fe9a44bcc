// Account deletion and the money rows (issue 41): the member's redemptions kept their
// PayPal email and the payment errors their browser logged kept every free-form detail
// (the processor's answer, the error's words, form and session ids). Now a decided
// redemption's email is erased with the account, a pending one's when it is decided (it is
// still paid), and a payment error keeps only its figures; every amount stays.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { buildMember } from '../../../test/factories';
import { rows } from '../../db/client';

const ADMIN = '+12015550998';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false', ADMIN_PHONES: ADMIN });
  await buildMember(t.database.db, { phone_number: ADMIN, username: 'books' });
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function redemption(userId: number, status: 'pending' | 'paid' | 'failed') {
  const [row] = await rows<{ id: number }>(
    t.database.db,
    sql`INSERT INTO redemptions (user_id, token_amount, multiplier, fee_cents, amount_cents,
                                 paypal_email, provider, status)
        VALUES (${userId}, 1000, 1, 25, 975, 'member@example.com', 'manual', ${status})
        RETURNING id`,
  );
  return row!.id;
}

const redemptionsOf = (userId: number) =>
  rows<{ status: string; paypal_email: string; token_amount: number; amount_cents: number }>(
    t.database.db,
    sql`SELECT status, paypal_email, token_amount, amount_cents FROM redemptions
         WHERE user_id = ${userId} ORDER BY id`,
  );

describe('deleting an account erases its payment details', () => {
  it('clears PayPal emails and free-form payment error details, keeping the amounts', async () => {
    const member = await buildMember(t.database.db);
    const { token } = await signIn(t, member.phone_number);
    const logged = await t.app.inject({
      method: 'POST',
      url: '/api/log-payment-error',
      headers: bearer(token),
      payload: {
        errorType: 'PAYMENT_DECLINED',
        paymentFlow: 'hosted',
        amount: 12,
        tokens: 1200,
        quantity: 1,
        itemId: 2,
        itemName: '1,200 tokens',
        applicationError: { code: 'E00027', message: 'Card ending 4242 declined for Jane Doe' },
        authNetResponse: { billTo: { firstName: 'Jane', zip: '07030' } },
        formToken: 'form-token-of-the-member',
        sessionId: 'session-of-the-member',
      },
    });
    expect(logged.statusCode).toBe(200);
    await redemption(member.id, 'paid');
    await redemption(member.id, 'failed');
    const pending = await redemption(member.id, 'pending');

    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: bearer(token),
      payload: { confirm: 'DELETE' },
    });
    expect(res.statusCode).toBe(200);

    const figures = { token_amount: 1000, amount_cents: 975 };
    expect(await redemptionsOf(member.id)).toEqual([
      { status: 'paid', paypal_email: '', ...figures },
      { status: 'failed', paypal_email: '', ...figures },
      // Still owed: paid to this address, then erased with the decision.
      { status: 'pending', paypal_email: 'member@example.com', ...figures },
    ]);
    const errors = await rows<{ error_type: string; message: string | null; details: object }>(
      t.database.db,
      sql`SELECT error_type, message, details FROM payment_errors WHERE user_id = ${member.id}`,
    );
    expect(errors).toEqual([
      {
        error_type: 'PAYMENT_DECLINED',
        message: null,
        details: { amount: 12, tokens: 1200, quantity: 1, itemId: 2, itemName: '1,200 tokens' },
      },
    ]);

    const admin = await signIn(t, ADMIN);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/admin/redemptions/${pending}/paid`,
      headers: bearer(admin.token),
    });
    expect(paid.statusCode).toBe(200);
    expect((await redemptionsOf(member.id))[2]).toEqual({
      status: 'paid',
      paypal_email: '',
      ...figures,
    });
  });

  it("keeps a live member's PayPal email when their redemption is decided", async () => {
    const member = await buildMember(t.database.db);
    const id = await redemption(member.id, 'pending');
    const admin = await signIn(t, ADMIN);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/admin/redemptions/${id}/paid`,
      headers: bearer(admin.token),
    });
    expect(paid.statusCode).toBe(200);
    expect((await redemptionsOf(member.id))[0]?.paypal_email).toBe('member@example.com');
  });
});
