// Auctions beyond a plain high bid (product rules), on a phone and a desktop. One owner sets
// a hidden reserve and the admin opens a new period. A member sets a maximum on a phone; a
// later plain bid on a desktop is outbid automatically and both screens change live. The
// same member leads the reserve owner's auction below the reserve. At the close the
// reserve ends with no connection and the leader's refund; the first owner declines the
// maximum's connection, the grace period ends, and the runner-up takes the second chance
// from the alert; the owner gets a pending connection. Each bidder reads their results.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { me } from '../support/api';
import {
  cardPhotosLoaded,
  DESKTOP,
  journeyBrowser,
  openBiddingSlide,
  PHONE,
  screenshot,
} from '../support/browser';
import { auctionOf, connectionOf, type Member, seededPhone, signIn } from '../support/members';

const baseUrl = inject('baseUrl');
const ADMIN_PHONE = '+12015550100'; // 'demo', an admin in the journey server

const { openAs } = journeyBrowser();

function bidButton(card: Locator, label: 'Bid' | 'Winning' | 'Outbid', amount: number) {
  return card.getByRole('button', {
    name: new RegExp(`^${label} ${amount.toLocaleString('en-US')}`),
  });
}

/** Types an amount into the slide's five digit boxes. */
async function enterAmount(card: Locator, auctionId: number, amount: number) {
  await card.getByLabel(`Bid digit (auction ${auctionId}) 1`).fill(String(amount).padStart(5, '0'));
}

/** The bidding slide's panel shows everything without a scroll (scrollable = clipped). */
async function slideOverflow(card: Locator): Promise<number> {
  return card
    .locator('.profile-card__slide--panel:has(.bidding-slide)')
    .evaluate((panel) => panel.scrollHeight - panel.clientHeight);
}

async function openAlerts(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await menu.getByRole('button', { name: /^Alerts/ }).click();
  return page.getByRole('dialog', { name: 'Alerts' });
}

async function boardCard(member: Member, owner: Member, viewport: typeof PHONE) {
  const auction = (await auctionOf(member, owner))!;
  const page = await openAs(baseUrl, member, viewport, `/${owner.username}`);
  const card = page.locator(`article[data-auction-id="${auction.auctionId}"]`);
  await card.locator('.bid-button').waitFor();
  await cardPhotosLoaded(page);
  return { page, card, auctionId: auction.auctionId };
}

describe('maximum bids, hidden reserve, second chance and results', () => {
  it('runs the whole auction story on a phone and a desktop', async () => {
    const admin = await signIn(baseUrl, ADMIN_PHONE);
    const [owner, maxBidder, plainBidder, reserveOwner] = await Promise.all(
      [6, 13, 23, 24].map((n) => signIn(baseUrl, seededPhone(n))),
    );
    // The reserve applies from the next period: set it, then the admin opens one.
    await reserveOwner!.call('/auth/update-profile', { body: { reserve_price: 500 } });
    await admin.call('/admin/periods/close-now');

    // A maximum of 300 on a phone opens at the minimum and shows 'max 300' to its bidder only.
    const x = await boardCard(maxBidder!, owner!, PHONE);
    const start = (await auctionOf(maxBidder!, owner!))!.current_bid;
    await openBiddingSlide(x.card);
    await x.card.getByRole('button', { name: 'Set a maximum' }).click();
    await enterAmount(x.card, x.auctionId, 300);
    await x.card.getByText(/We bid for you/).waitFor();
    await screenshot(x.page, 'auctions-set-maximum-phone');
    // The whole slide fits the card of a 390 x 844 phone: nothing to scroll to the button.
    expect(await slideOverflow(x.card)).toBeLessThanOrEqual(0);
    await x.card.getByRole('button', { name: 'Set Maximum' }).click();
    await bidButton(x.card, 'Winning', start + 10).waitFor();
    await x.card.getByText('max 300').waitFor();
    // The fullest slide: the leader's own maximum above the switch and the hint.
    await openBiddingSlide(x.card);
    await x.card.getByRole('button', { name: 'Set a maximum' }).click();
    await x.card.getByText('Your maximum: 300 tokens (only you see it)').waitFor();
    expect(await slideOverflow(x.card)).toBeLessThanOrEqual(0);
    await screenshot(x.page, 'auctions-leader-maximum-slide-phone');
    await x.card.getByRole('button', { name: 'Plain bid' }).click();

    // A later plain bid of 100 on a desktop is answered at 110 at once, on both screens.
    const y = await boardCard(plainBidder!, owner!, DESKTOP);
    await bidButton(y.card, 'Bid', start + 10).waitFor();
    expect(await y.card.getByText('max 300').count()).toBe(0);
    await openBiddingSlide(y.card);
    await enterAmount(y.card, y.auctionId, 100);
    await screenshot(y.page, 'auctions-plain-bid-desktop');
    await y.card.getByRole('button', { name: 'Submit Bid' }).click();
    await bidButton(y.card, 'Outbid', 110).waitFor();
    await bidButton(x.card, 'Winning', 110).waitFor();
    await x.page.waitForTimeout(700); // the bid number animation
    await screenshot(x.page, 'auctions-maximum-answered-phone');
    await screenshot(y.page, 'auctions-outbid-automatically-desktop');

    // The same member leads the reserve owner's auction at 100, below the hidden 500.
    const beforeReserve = (await me(baseUrl, maxBidder!.token)).tokenBalance;
    const r = await boardCard(maxBidder!, reserveOwner!, PHONE);
    await openBiddingSlide(r.card);
    await enterAmount(r.card, r.auctionId, 100);
    await r.card.getByRole('button', { name: 'Submit Bid' }).click();
    await bidButton(r.card, 'Winning', 100).waitFor();
    await r.card.getByText('Reserve not met').waitFor();
    await r.page.waitForTimeout(700);
    await screenshot(r.page, 'auctions-reserve-not-met-phone');

    // The close: a connection for the maximum (at 110), none below the reserve.
    await admin.call('/admin/periods/close-now');
    const declined = await connectionOf(owner!, maxBidder!);
    expect(declined.status).toBe('pending');
    const reserveConnections = (await reserveOwner!.call('/connections', {
      body: { limit: 100 },
    })) as { connections: { partner: { id: number } }[] };
    expect(reserveConnections.connections.some((c) => c.partner.id === maxBidder!.id)).toBe(false);
    // Back: the reserve auction's 100 (its bid came from this balance) and the maximum's unused 190.
    expect((await me(baseUrl, maxBidder!.token)).tokenBalance).toBe(beforeReserve + 190);

    // The owner declines; when the grace period is over the runner-up is offered it.
    await owner!.call(`/connections/${declined.id}/status`, {
      method: 'PUT',
      body: { status: 'rejected' },
    });
    try {
      await admin.call('/admin/settings', {
        method: 'PUT',
        body: { rejection_grace_hours: 0.0005 },
      });
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await admin.call('/admin/connections/sweep');
    } finally {
      await admin.call('/admin/settings', { method: 'PUT', body: { rejection_grace_hours: 24 } });
    }

    // The runner-up reads the alert on the desktop and takes it from their result card.
    const beforeTake = (await me(baseUrl, plainBidder!.token)).tokenBalance;
    await y.page.goto('/');
    const alerts = await openAlerts(y.page);
    const offer = alerts.getByText(/^Second chance:/).first();
    await offer.waitFor();
    await screenshot(y.page, 'auctions-second-chance-alert-desktop');
    await offer.click();
    await y.page.waitForURL((url) => url.pathname === '/auctions/results');
    const yResult = y.page.locator(`li[data-auction-id="${y.auctionId}"]`);
    await yResult.getByText('Second chance', { exact: true }).waitFor();
    await screenshot(y.page, 'auctions-second-chance-card-desktop');
    await yResult.getByRole('button', { name: 'Take the second chance' }).click();
    await yResult
      .getByText(`You took the second chance. Waiting for ${owner!.username} to accept.`)
      .waitFor();
    await screenshot(y.page, 'auctions-second-chance-taken-desktop');
    expect((await me(baseUrl, plainBidder!.token)).tokenBalance).toBe(beforeTake - 100);

    // The owner finds the runner-up's pending connection, as after a close.
    const second = await connectionOf(owner!, plainBidder!);
    expect(second.status).toBe('pending');
    const ownerPage = await openAs(
      baseUrl,
      owner!,
      PHONE,
      `/connections?connectionId=${second.id}`,
    );
    const ownerCard = ownerPage.locator(`article[data-connection-id="${second.id}"]`);
    await ownerCard.locator('.card-action', { hasText: 'Act Now' }).waitFor();
    await cardPhotosLoaded(ownerPage);
    await screenshot(ownerPage, 'auctions-second-chance-owner-phone');

    // The owner's switch for this, on by default, in Profile Settings (phone and desktop).
    for (const page of [ownerPage, y.page]) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('button', { name: 'Profile Settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Profile Settings' });
      const offerSwitch = settings.getByRole('switch', {
        name: 'Offer my connection to the runner-up',
      });
      await offerSwitch.scrollIntoViewIfNeeded();
      expect(await offerSwitch.getAttribute('aria-checked')).toBe('true');
      await page.waitForTimeout(400);
      await screenshot(
        page,
        `auctions-second-chance-setting-${page === ownerPage ? 'phone' : 'desktop'}`,
      );
      await page.keyboard.press('Escape');
      await settings.waitFor({ state: 'detached' });
    }

    // Each bidder reads their results.
    await x.page.goto('/auctions/results');
    const won = x.page.locator(`li[data-auction-id="${x.auctionId}"]`);
    await won.getByText(`You won ${owner!.username}'s auction at 110 tokens.`).waitFor();
    await won.getByText(/A maximum bid decided it/).waitFor();
    const reserve = x.page.locator(`li[data-auction-id="${r.auctionId}"]`);
    await reserve.getByText(/did not reach the owner's hidden reserve/).waitFor();
    await reserve.getByText('Your 100 tokens were refunded.').waitFor();
    await screenshot(x.page, 'auctions-results-phone');
    await y.page.goto('/auctions/results');
    // The card's figures say the standing once (no sentence repeating them).
    const lost = y.page.locator(`li[data-auction-id="${y.auctionId}"]`);
    await lost.locator('div', { hasText: 'Your highest bid' }).getByText('100').waitFor();
    await lost.locator('div', { hasText: 'Your rank' }).getByText('2 of 2').waitFor();
    expect(await lost.getByText(/Your highest bid:/).count()).toBe(0);
    await screenshot(y.page, 'auctions-results-desktop');
  });
});
