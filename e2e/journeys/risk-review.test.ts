// The risk review of a redemption (issue 19; product rules, The token economy): two
// members collude — one buys tokens and bids them on the other, who bids back, accepts,
// exchanges one message each, and cashes out — from the same address. The admin finds the
// request at the top of the payouts queue, held for review with every signal in plain
// words, approves it, and pays it. Phone and desktop screenshots of the queue; axe finds
// nothing serious on it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/accessibility';
import { me } from '../support/api';
import { DESKTOP, journeyBrowser, PHONE, screenshot } from '../support/browser';
import { bidOn, connectionOf, type Member, seededPhone, signIn } from '../support/members';
import { type RunningServer, startServer } from '../support/server';

const ADMIN_PHONE = '+12015550100'; // 'demo', an admin
let server: RunningServer;
let baseUrl: string;
const { openAs } = journeyBrowser();

beforeAll(async () => {
  // E2E_PORT keeps the server inside a port range the run was given.
  server = await startServer(process.env.E2E_PORT ? { PORT: process.env.E2E_PORT } : {});
  baseUrl = server.baseUrl;
}, 120_000);
afterAll(() => server?.stop());

describe('risk review', () => {
  it('holds a colluding pair’s cash-out for the admin, who sees why and decides', {
    timeout: 240_000,
  }, async () => {
    const [admin, buyer, friend, earner] = (await Promise.all(
      [ADMIN_PHONE, seededPhone(7), seededPhone(8), seededPhone(9)].map((phone) =>
        signIn(baseUrl, phone),
      ),
    )) as [Member, Member, Member, Member];

    // A member cashing out earnings credited by hand first: no partner, so no partner
    // signal; it waits below the held one, not held.
    await admin.call('/admin/tokens/adjustments', {
      body: {
        username: earner.username,
        amount: 600,
        redeemable: true,
        cash_cents: 600,
        cash_reference: 'Transfer 1',
        reason: 'Earnings',
      },
    });
    await earner.call('/redeem-tokens', {
      body: { token_amount: 600, paypal_email: 'earner@example.com' },
    });

    // The buyer's 700 tokens are paid for (a bundle bought by hand, as the operator records it).
    await admin.call('/admin/tokens/adjustments', {
      body: {
        username: buyer.username,
        amount: 700,
        paid: true,
        cash_cents: 700,
        cash_reference: 'Transfer 2',
        reason: 'Bundle paid by hand',
      },
    });
    const spend = (await me(baseUrl, buyer.token)).tokenBalance;
    await bidOn(buyer, friend, spend);
    await bidOn(friend, buyer, 10);
    await admin.call('/admin/periods/close-now');
    const connection = await connectionOf(friend, buyer);
    await friend.call(`/connections/${connection.id}/status`, {
      method: 'PUT',
      body: { status: 'accepted' },
    });
    const { cid } = (await buyer.call('/chat/conversations', {
      body: { partnerId: friend.id },
    })) as { cid: string };
    await buyer.call(`/chat/conversations/${cid}/messages`, { body: { text: 'hi' } });
    await friend.call(`/chat/conversations/${cid}/messages`, { body: { text: 'hey' } });
    const earned = await me(baseUrl, friend.token);
    expect(earned.redeemableTokens).toBeGreaterThanOrEqual(500);
    await friend.call('/redeem-tokens', {
      body: { token_amount: 500, paypal_email: 'friend@example.com' },
    });

    const phone = await openAs(baseUrl, admin, PHONE, '/admin/payouts');
    const card = phone
      .getByRole('listitem')
      .filter({ hasText: 'friend@example.com' })
      .filter({ hasText: 'Held for review' });
    await card.waitFor();
    for (const text of [
      `Bid on each other with ${buyer.username}`,
      `the same IP address`,
      `Thin engagement with ${buyer.username}`,
    ]) {
      await card.getByText(text, { exact: false }).waitFor();
    }
    // Riskiest first: the held request leads the queue though it came second.
    const titles = await phone.locator('.admin-card__title').allTextContents();
    expect(titles.slice(0, 2)).toEqual([
      `${friend.username}: $5.00 to friend@example.com`,
      `${earner.username}: $6.00 to earner@example.com`,
    ]);
    const clear = phone.getByRole('listitem').filter({ hasText: 'earner@example.com' });
    await clear.getByText('Not held').waitFor();
    await clear.getByRole('button', { name: 'Mark paid' }).waitFor();
    await phone.waitForLoadState('networkidle');
    expect(await seriousViolations(phone)).toEqual([]);
    await screenshot(phone, 'risk-review-queue-phone');

    const desktop = await openAs(baseUrl, admin, DESKTOP, '/admin/payouts');
    const desktopCard = desktop
      .getByRole('listitem')
      .filter({ hasText: 'friend@example.com' })
      .filter({ hasText: 'Held for review' });
    await desktopCard.waitFor();
    await desktop.waitForLoadState('networkidle');
    await screenshot(desktop, 'risk-review-queue-desktop');

    // The admin approves (manual payouts: it then waits to be paid by hand) and pays it.
    await desktopCard.getByRole('button', { name: 'Approve' }).click();
    const dialog = desktop.getByRole('dialog', { name: /Approve \$5\.00 to friend@example.com/ });
    await dialog.getByRole('button', { name: 'Yes' }).click();
    const approved = desktop
      .getByRole('listitem')
      .filter({ hasText: 'friend@example.com' })
      .filter({ hasText: 'Approved' });
    await approved.waitFor();
    await screenshot(desktop, 'risk-review-approved-desktop');
    await approved.getByRole('button', { name: 'Mark paid' }).click();
    await desktop
      .getByRole('dialog', { name: /as paid\?/ })
      .getByRole('button', { name: 'Yes' })
      .click();
    await approved.waitFor({ state: 'detached' });

    const audit = (await admin.call('/admin/audit-log?limit=50', {
      method: 'GET',
    })) as { entries: { action: string; before: { risk?: { held: boolean } } }[] };
    const actions = audit.entries.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['payout.approve_held', 'payout.mark_paid']));
    const approval = audit.entries.find((e) => e.action === 'payout.approve_held')!;
    expect(approval.before.risk?.held).toBe(true);
  });
});
