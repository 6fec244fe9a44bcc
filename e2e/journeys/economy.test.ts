// The token economy end to end (issue 19; product rules, The token economy): a member buys
// a bundle through the hosted card form and bids all her tokens on a partner, who accepts
// and chats; his connection card and token screen say how many of the earned tokens are
// redeemable for cash (the bundle's, not her free ones). A campaign runs (5X with a budget
// and a per-member cap): his redemption screen shows what he will actually get, campaign
// part and base part, before he confirms; the request is paid that much. The admin's
// Economy page shows cash in and out, what is owed, the campaign budget left and the held
// redemption. Phone and desktop screenshots.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { me } from '../support/api';
import { collectPageErrors, DESKTOP, journeyBrowser, PHONE, screenshot } from '../support/browser';
import { bidOn, connectionOf, type Member, seededPhone, signIn } from '../support/members';
import { type RunningServer, startServer } from '../support/server';
import { hostedForm, openTokens } from '../support/tokens';

const ADMIN_PHONE = '+12015550100'; // 'demo', an admin
let server: RunningServer;
let baseUrl: string;
const { openAs } = journeyBrowser();

// A server of its own: the journey runs a 5X campaign and spends seeded members' tokens,
// which the journeys after it on the shared server must not inherit.
beforeAll(async () => {
  server = await startServer();
  baseUrl = server.baseUrl;
}, 120_000);
afterAll(() => server?.stop());

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe('the token economy', () => {
  it('buys, bids, earns, redeems during a campaign at the value shown, and the admin sees it', {
    timeout: 300_000,
  }, async () => {
    const [admin, buyer, partner] = (await Promise.all(
      [ADMIN_PHONE, seededPhone(18), seededPhone(19)].map((phone) => signIn(baseUrl, phone)),
    )) as [Member, Member, Member];

    // The campaign: 5X, $30 in all, at most $25 a member per 30 days. No settlement hold:
    // the bundle's tokens are cash as soon as they are earned (the hold has its own tests).
    await admin.call('/admin/settings', {
      method: 'PUT',
      body: {
        token_redemption_multiplier: 5,
        redemption_campaign_budget_cents: 3000,
        redemption_campaign_member_cap_cents: 2500,
        purchase_settlement_days: 0,
      },
    });

    // The buyer buys 'Popular' (1,200 tokens for $12.00) through the hosted form.
    const buyerPage = await openAs(baseUrl, buyer, PHONE, '/');
    const buyerErrors = collectPageErrors(buyerPage);
    await openTokens(buyerPage);
    const before = (await me(baseUrl, buyer.token)).tokenBalance;
    await buyerPage.getByRole('button', { name: 'Purchase' }).click();
    const overlay = buyerPage.getByRole('dialog', { name: 'Buy tokens' });
    await overlay.getByText('Popular').click();
    const form = hostedForm(buyerPage);
    await form.getByLabel('Card number').fill('4111 1111 1111 1111');
    await form.getByLabel('Expiration (MM/YY)').fill('12/34');
    await form.getByLabel('Card code').fill('123');
    await form.getByLabel('ZIP code').fill('10001');
    await form.getByRole('button', { name: 'Pay $12.00' }).click();
    await overlay.getByText('Success! 1,200 tokens added to your balance.').waitFor();
    const bought = await me(baseUrl, buyer.token);
    expect(bought.tokenBalance).toBe(before + 1200);

    // She bids everything on the partner: her free tokens go first, the 1,200 bought last.
    await bidOn(buyer, partner, bought.tokenBalance);
    await admin.call('/admin/periods/close-now');
    const connection = await connectionOf(partner, buyer);
    await partner.call(`/connections/${connection.id}/status`, {
      method: 'PUT',
      body: { status: 'accepted' },
    });
    const { cid } = (await buyer.call('/chat/conversations', {
      body: { partnerId: partner.id },
    })) as { cid: string };
    await buyer.call(`/chat/conversations/${cid}/messages`, { body: { text: 'Hi there!' } });
    await partner.call(`/chat/conversations/${cid}/messages`, { body: { text: 'Hello!' } });
    await expect
      .poll(async () => (await me(baseUrl, partner.token)).redeemableTokens, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1200);
    const earned = await me(baseUrl, partner.token);
    const free = bought.tokenBalance - 1200;
    const bid = bought.tokenBalance.toLocaleString('en-US');

    // His connection card says how many of the earned tokens are redeemable for cash.
    const page = await openAs(
      baseUrl,
      partner,
      PHONE,
      `/connections?connectionId=${connection.id}`,
    );
    const errors = collectPageErrors(page);
    await page
      .getByText(
        `1,200 of the ${bid} tokens are redeemable for cash; the other ${free.toLocaleString('en-US')} were free tokens and stay yours for bidding.`,
      )
      .first()
      .waitFor();
    // The card's last panel holds it: the card's own button slides there.
    await page.locator('.card-action', { hasText: 'Chat' }).first().click();
    await page.waitForTimeout(900);
    await screenshot(page, 'economy-card-split-phone');

    // The token screen says it too.
    await openTokens(page);
    await page
      .getByText(/tokens from winning bidders; [\d,]+ of them were redeemable for cash/)
      .first()
      .waitFor();
    await screenshot(page, 'economy-token-screen-phone');

    // The redemption screen: 1,200 tokens at 5X would add $48.00; his cap allows $25.00.
    await page.getByRole('button', { name: 'Redeem', exact: true }).click();
    const redeem = page.getByRole('dialog', { name: 'Redeem tokens' });
    await redeem.getByText('Tokens to redeem').waitFor();
    for (const [i, d] of String(1200).padStart(5, '0').split('').entries()) {
      await redeem.getByLabel(`Redeem digit ${i + 1}`).fill(d);
    }
    await redeem.getByText('5X multiplier in effect').waitFor();
    await redeem.getByText('5X campaign bonus: $25.00').waitFor();
    await redeem.getByText('Base value (1 cent a token, minus fees): $12.00').waitFor();
    await redeem.getByText('You will receive (minus fees): $37.00').waitFor();
    await redeem.getByLabel("What's your PayPal email?").fill('partner@example.com');
    await screenshot(page, 'economy-redeem-value-phone');
    await redeem.getByRole('button', { name: 'Redeem', exact: true }).click();
    await redeem.getByText('Redemption request submitted.').waitFor();
    await redeem.getByText(/We pay \$37\.00 to partner@example\.com/).waitFor();
    await screenshot(page, 'economy-redeem-submitted-phone');
    expect((await me(baseUrl, partner.token)).redeemableTokens).toBe(
      earned.redeemableTokens - 1200,
    );

    // The admin's Economy page: the redemption waits, held by the risk review (same address,
    // two messages), and the campaign has $5.00 left.
    const { redemptions } = (await admin.call('/admin/redemptions?status=pending&limit=100', {
      method: 'GET',
    })) as {
      redemptions: { id: number; user_id: number; amount_cents: number; campaign_cents: number }[];
    };
    const mine = redemptions.find((r) => r.user_id === partner.id)!;
    expect(mine).toMatchObject({ amount_cents: 3700, campaign_cents: 2500 });
    const adminPhone = await openAs(baseUrl, admin, PHONE, '/admin/economy');
    await adminPhone.getByRole('heading', { name: 'Economy' }).waitFor();
    await adminPhone.getByText(`${partner.username}: $37.00 for 1,200 tokens`).waitFor();
    await adminPhone.getByText('Campaign budget left (5X)').waitFor();
    await adminPhone.waitForLoadState('networkidle');
    await screenshot(adminPhone, 'economy-admin-phone');
    await adminPhone.getByRole('heading', { name: 'Held for review' }).scrollIntoViewIfNeeded();
    await adminPhone.getByText(/^Risk \d+ over \d+ · \$25\.00 from the campaign/).waitFor();
    await screenshot(adminPhone, 'economy-admin-held-phone');

    // Approved and paid: cash out grows by $37.00, $25.00 of it from the campaign.
    const report = async () =>
      (await admin.call('/admin/economy', { method: 'GET' })) as {
        cashOutCents: number;
        campaignPaidCents: number;
        heldRedemptions: number;
        campaign: { budgetLeftCents: number };
      };
    const unpaid = await report();
    expect(unpaid.campaign.budgetLeftCents).toBe(500);
    await admin.call(`/admin/redemptions/${mine.id}/approve`);
    await admin.call(`/admin/redemptions/${mine.id}/paid`);
    const paid = await report();
    expect(paid.cashOutCents - unpaid.cashOutCents).toBe(3700);
    expect(paid.campaignPaidCents - unpaid.campaignPaidCents).toBe(2500);

    const adminDesktop = await openAs(baseUrl, admin, DESKTOP, '/admin/economy');
    await adminDesktop.getByRole('heading', { name: 'Economy' }).waitFor();
    await adminDesktop.getByText(dollars(paid.cashOutCents), { exact: true }).first().waitFor();
    await adminDesktop.getByText(dollars(500), { exact: true }).first().waitFor();
    await adminDesktop.waitForLoadState('networkidle');
    await screenshot(adminDesktop, 'economy-admin-desktop');

    // The partner's redemption screen on a desktop once the budget is nearly spent: his cap
    // is used up, so the base rate, and it says why.
    await admin.call('/admin/tokens/adjustments', {
      body: {
        username: partner.username,
        amount: 500,
        redeemable: true,
        cash_cents: 500,
        cash_reference: 'Journey transfer',
        reason: 'Earnings credited by hand',
      },
    });
    const desktop = await openAs(baseUrl, partner, DESKTOP, '/');
    await openTokens(desktop);
    await desktop.getByRole('button', { name: 'Redeem', exact: true }).click();
    const redeemDesktop = desktop.getByRole('dialog', { name: 'Redeem tokens' });
    await redeemDesktop
      .getByText(
        "You have reached this campaign's limit for the last 30 days: tokens are valued at the base rate.",
      )
      .waitFor();
    await redeemDesktop.getByText('1X multiplier in effect').waitFor();
    await screenshot(desktop, 'economy-redeem-cap-desktop');

    expect([...buyerErrors, ...errors]).toEqual([]);
  });
});
