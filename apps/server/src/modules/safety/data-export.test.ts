// The data export holds what the account holds about the member (issue 41): it left out
// their hidden maximums, each session's device id, the parts of their balance and ledger
// rows by origin, second-chance offers and their payment attempts. Issue 42: it left out the
// requests they made in the Privacy Center and where each stands.
import { randomUUID } from 'node:crypto';
import { DEVICE_ID_HEADER } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, requestCodeFor, signIn, type TestApp } from '../../../test/app';
import { pendingConnections } from '../../../test/connections';
import { buildMember } from '../../../test/factories';
import { buildBidder, testClock } from '../../../test/marketplace';
import { bundles, openForm } from '../../../test/payments';
import { rows } from '../../db/client';
import { ensureOpenPeriod } from '../auctions/periods.service';
import { placeBid } from '../bids/bids.service';

const clock = testClock('2025-09-03T15:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock });
});
afterAll(() => t.close());

async function signInOnDevice(phone: string, deviceId: string) {
  const otp = await requestCodeFor(t, phone);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-otp',
    headers: { [DEVICE_ID_HEADER]: deviceId },
    payload: { phone_number: phone, otp },
  });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json().token}` };
}

describe('downloading one’s data', () => {
  it('holds the hidden maximums, device ids, origins, second chances and payment attempts', async () => {
    // A connection the member lost as runner-up, offered to them as a second chance.
    const [lost] = await pendingConnections(t.database.db, clock, 1);
    const me = await buildBidder(t.database.db, 1000);
    await t.database.db.execute(
      sql`INSERT INTO second_chances (auction_id, ended_connection_id, user_id, owner_id, amount,
                                      offered_at, expires_at)
          SELECT auction_id, id, ${me.id}, partner_id, 90, ${clock.clock().toISOString()}::timestamptz,
                 ${new Date(clock.clock().getTime() + 86400_000).toISOString()}::timestamptz
            FROM connections WHERE id = ${lost!.id}`,
    );
    // A hidden maximum of 300 on another member's auction.
    const owner = await buildBidder(t.database.db, 0);
    const period = await ensureOpenPeriod(t.database.db, clock.clock());
    const [auction] = await rows<{ id: number }>(
      t.database.db,
      sql`INSERT INTO auctions (user_id, period_id) VALUES (${owner.id}, ${period.id}) RETURNING id`,
    );
    await placeBid(
      { db: t.database.db, clock: clock.clock },
      { auctionId: auction!.id, bidderId: me.id, amount: 300, maximum: true },
    );
    const deviceId = randomUUID();
    const headers = await signInOnDevice(me.phone_number, deviceId);
    const [bundle] = await bundles(t, headers);
    await openForm(t, headers, bundle!);
    const logged = await t.app.inject({
      method: 'POST',
      url: '/api/log-payment-error',
      headers,
      payload: { errorType: 'PAYMENT_DECLINED', amount: 12, tokens: 1200 },
    });
    expect(logged.statusCode).toBe(200);

    const res = await t.app.inject({ method: 'GET', url: '/api/account/export', headers });
    expect(res.statusCode).toBe(200);
    const data = res.json();

    expect(data.bids).toEqual([
      expect.objectContaining({ auction_id: auction!.id, maximum: 300, automatic: false }),
    ]);
    expect(data.sessions).toEqual([expect.objectContaining({ device_id: deviceId })]);
    // 1,000 granted tokens (promotional), the maximum's 300 held in the auction's escrow.
    expect(data.profile).toMatchObject({ promotional_tokens: 700, purchased_tokens: 0 });
    expect(data.ledger).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          amount: 1000,
          promotional_amount: 1000,
          purchased_amount: 0,
          redeemable_amount: 0,
        }),
      ]),
    );
    expect(data.second_chances).toEqual([
      expect.objectContaining({
        role: 'runner_up',
        other_member: lost!.owner.username,
        amount: 90,
        status: 'offered',
      }),
    ]);
    expect(data.payment_attempts).toEqual([
      expect.objectContaining({
        item_name: bundle!.name,
        tokens: bundle!.token_qty,
        amount_cents: bundle!.cost_cents,
        status: 'open',
      }),
    ]);
    expect(data.payment_attempts[0]).not.toHaveProperty('form_token');
    expect(data.payment_errors).toEqual([
      expect.objectContaining({
        error_type: 'PAYMENT_DECLINED',
        details: expect.objectContaining({ amount: 12, tokens: 1200 }),
      }),
    ]);
  });

  it('holds the Privacy Center requests the member made, each with its status', async () => {
    const me = await buildMember(t.database.db, { onboarded: 14 });
    const headers = { authorization: `Bearer ${(await signIn(t, me.phone_number)).token}` };
    const adminRow = await buildMember(t.database.db, { onboarded: 14 });
    const adminToken = (await signIn(t, adminRow.phone_number)).token;
    // Sign-in sets the role from ADMIN_PHONES, so the role is given after it.
    await t.database.db.execute(sql`UPDATE users SET role = 'admin' WHERE id = ${adminRow.id}`);
    const ask = (field: string, details: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/privacy/requests',
        headers,
        payload: { field, details },
      });
    expect((await ask('phone_number', 'My old number is still on file.')).statusCode).toBe(200);
    const filed = await ask('moderation', 'A report against me was a mistake.');
    const answeredId = filed
      .json()
      .requests.find((r: { field: string }) => r.field === 'phone_number').id;
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/admin/privacy-requests/${answeredId}/answer`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(answer.statusCode).toBe(200);
    // Another member's request is theirs, not in this export.
    const other = await buildMember(t.database.db, { onboarded: 14 });
    await t.app.inject({
      method: 'POST',
      url: '/api/privacy/requests',
      headers: { authorization: `Bearer ${(await signIn(t, other.phone_number)).token}` },
      payload: { field: 'other', details: 'Not yours to see.' },
    });

    const res = await t.app.inject({ method: 'GET', url: '/api/account/export', headers });
    expect(res.statusCode).toBe(200);
    const now = clock.clock().toISOString();
    const due = new Date(clock.clock().getTime() + 30 * 86_400_000).toISOString();
    // The export's times are as the database writes them; compared here as instants.
    const instant = (v: string | null) => v && new Date(v).toISOString();
    const requests = res.json().privacy_requests.map((r: Record<string, string | null>) => ({
      ...r,
      created_at: instant(r.created_at!),
      due_at: instant(r.due_at!),
      answered_at: instant(r.answered_at!),
    }));
    expect(requests).toEqual([
      {
        id: answeredId,
        kind: 'correction',
        field: 'phone_number',
        details: 'My old number is still on file.',
        status: 'answered',
        created_at: now,
        due_at: due,
        answered_at: now,
      },
      {
        id: expect.any(Number),
        kind: 'correction',
        field: 'moderation',
        details: 'A report against me was a mistake.',
        status: 'open',
        created_at: now,
        due_at: due,
        answered_at: null,
      },
    ]);
  });
});
