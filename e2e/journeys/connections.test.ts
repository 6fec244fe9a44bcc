// After the weekly close. Three pairs of members bid and the admin closes the period:
// the first owner sees Act Now and accepts, and the bidder's card turns Chat live while
// their alerts appear with the menu dot and lead to the right place; the second owner
// rejects and changes their mind inside the grace period; the third connection expires
// when the admin shortens the expiry and runs the sweeper, and the bidder finds the
// refund in their history.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { me } from '../support/api';
import { cardPhotosLoaded, DESKTOP, journeyBrowser, PHONE, screenshot } from '../support/browser';
import { bidOn, connectionOf, seededPhone, signIn } from '../support/members';

const baseUrl = inject('baseUrl');
const ADMIN_PHONE = '+12015550100'; // 'demo', an admin in the journey server

const { openAs } = journeyBrowser();

async function openActionSlide(card: Locator, label: string) {
  await card.locator('.card-action').filter({ hasText: label }).click();
  await card.page().waitForTimeout(900); // the slide transition
}

/** The top buttons step aside while the page is scrolled down (a state's dating-safety
 * notice above the cards scrolls it): a member scrolls back up for them. */
async function openMenu(page: Page) {
  await page.evaluate(() => window.scrollBy(0, -window.scrollY));
  await page.getByRole('button', { name: 'Open menu' }).click();
}

async function openAlerts(page: Page) {
  await openMenu(page);
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await menu.getByRole('button', { name: /^Alerts/ }).click();
  return page.getByRole('dialog', { name: 'Alerts' });
}

describe('connections after the close', () => {
  it('accept, reject and reverse, expire with a refund; alerts lead the way', async () => {
    const admin = await signIn(baseUrl, ADMIN_PHONE);
    const [bidder1, owner1, bidder2, owner2, bidder3, owner3] = await Promise.all(
      [2, 3, 5, 7, 8, 9].map((n) => signIn(baseUrl, seededPhone(n))),
    );
    await bidOn(bidder1!, owner1!, 120);
    await bidOn(bidder2!, owner2!, 80);
    await bidOn(bidder3!, owner3!, 60);
    const startBalance3 = (await me(baseUrl, bidder3!.token)).tokenBalance;
    const closed = (await admin.call('/admin/periods/close-now')) as {
      closed: { connections: number } | null;
    };
    expect(closed.closed?.connections ?? 0).toBeGreaterThanOrEqual(3);

    // Pair 1. The bidder waits on a desktop; the owner opens Connections on a phone.
    const c1 = await connectionOf(bidder1!, owner1!);
    const bidderPage = await openAs(baseUrl, bidder1!, DESKTOP, '/connections');
    const bidderCard = bidderPage.locator(`article[data-connection-id="${c1.id}"]`);
    await bidderCard.locator('.card-action', { hasText: 'Pending' }).waitFor();
    await cardPhotosLoaded(bidderPage);
    await openActionSlide(bidderCard, 'Pending');
    await bidderCard.getByText('Waiting for your winning bid to be accepted.').waitFor();
    await screenshot(bidderPage, 'connections-bidder-pending-desktop');

    const ownerPage = await openAs(baseUrl, owner1!, PHONE, '/connections');
    const ownerCard = ownerPage.locator(`article[data-connection-id="${c1.id}"]`);
    await ownerCard.locator('.card-action', { hasText: 'Act Now' }).waitFor();
    await cardPhotosLoaded(ownerPage);
    await screenshot(ownerPage, 'connections-owner-act-now');
    await ownerCard.locator('.profile-card__viewport').click({ position: { x: 60, y: 60 } });
    await ownerPage.waitForTimeout(500);
    await openActionSlide(ownerCard, 'Act Now');
    await ownerCard.getByText('Earn the bid amount after you accept and engage.').waitFor();
    await screenshot(ownerPage, 'connections-owner-action-slide');
    await ownerCard.getByRole('button', { name: 'Accept' }).click();
    const confirm = ownerPage.getByRole('dialog', { name: 'Do you confirm accepting?' });
    await confirm.waitFor();
    await screenshot(ownerPage, 'connections-confirm-accept');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await ownerCard.locator('.card-action', { hasText: 'Chat' }).waitFor();
    await ownerCard.getByText(`You and ${bidder1!.username} are connected`).waitFor();
    await screenshot(ownerPage, 'connections-owner-accepted');

    // The bidder's card turns Chat without a reload, and the alerts arrive with their dots.
    await bidderCard.locator('.card-action', { hasText: 'Chat' }).waitFor();
    await bidderCard.getByText(`You and ${owner1!.username} are connected`).waitFor();
    await screenshot(bidderPage, 'connections-bidder-chat-desktop');
    await bidderPage.getByRole('button', { name: /^Alerts \(\d+ unread\)$/ }).waitFor();
    await openMenu(bidderPage);
    const menu = bidderPage.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('img', { name: 'unread' }).waitFor();
    await screenshot(bidderPage, 'menu-alerts-dot-desktop');
    await menu.getByRole('button', { name: /^Alerts/ }).click();
    const bidderAlerts = bidderPage.getByRole('dialog', { name: 'Alerts' });
    const accepted = bidderAlerts.getByText(
      `${owner1!.username} accepted your winning bid. You can chat now.`,
    );
    await accepted.waitFor();
    await bidderAlerts
      .getByText(/^You won the auction for/)
      .first()
      .waitFor();
    await screenshot(bidderPage, 'alerts-panel-desktop');
    // Read 2 s after opening: the bell goes away.
    await expect
      .poll(() => bidderPage.getByRole('button', { name: /unread\)$/ }).count(), {
        timeout: 6000,
      })
      .toBe(0);
    await accepted.click();
    // The alert carries its connection: the partner's page opens with it pinned first.
    await bidderPage.waitForURL((url) => url.pathname === `/connections/${owner1!.id}`);
    await bidderAlerts.waitFor({ state: 'detached' });
    await expect
      .poll(() => bidderPage.locator('article').first().getAttribute('data-connection-id'))
      .toBe(String(c1.id));

    // The owner's alert about the win leads to the bidder's connection.
    const ownerAlerts = await openAlerts(ownerPage);
    await ownerAlerts
      .getByText(/won your auction with/)
      .first()
      .waitFor();
    await screenshot(ownerPage, 'alerts-panel-phone');
    await ownerAlerts
      .getByText(`${bidder1!.username} won your auction with`, { exact: false })
      .first()
      .click();
    await ownerPage.waitForURL((url) => url.pathname === `/connections/${bidder1!.id}`);

    // Pair 2: the owner rejects, sees the grace period, and changes their mind.
    const c2 = await connectionOf(owner2!, bidder2!);
    const owner2Page = await openAs(baseUrl, owner2!, PHONE, '/connections');
    const card2 = owner2Page.locator(`article[data-connection-id="${c2.id}"]`);
    await card2.locator('.card-action', { hasText: 'Act Now' }).waitFor();
    await openActionSlide(card2, 'Act Now');
    await card2.getByRole('button', { name: 'Reject' }).click();
    await card2.getByText('Connection rejected.').waitFor();
    await card2.getByText('24 hours left to change your mind.').waitFor();
    await card2.locator('.card-action', { hasText: 'Rejected' }).waitFor();
    await screenshot(owner2Page, 'connections-rejected-grace');
    expect((await connectionOf(bidder2!, owner2!)).status).toBe('rejected');
    await card2.getByRole('button', { name: 'Connect' }).click();
    await owner2Page
      .getByRole('dialog', { name: 'Do you confirm accepting?' })
      .getByRole('button', { name: 'Yes' })
      .click();
    await card2.locator('.card-action', { hasText: 'Chat' }).waitFor();
    expect((await connectionOf(bidder2!, owner2!)).status).toBe('accepted');
    await owner2Page.getByRole('button', { name: 'Grid' }).click();
    await owner2Page.locator('.connection-tile').first().waitFor();
    await screenshot(owner2Page, 'connections-grid');

    // Pair 3: the admin shortens the expiry and runs the sweeper; the bidder sees it live.
    const c3 = await connectionOf(bidder3!, owner3!);
    const bidder3Page = await openAs(
      baseUrl,
      bidder3!,
      PHONE,
      `/connections?connectionId=${c3.id}`,
    );
    const card3 = bidder3Page.locator(`article[data-connection-id="${c3.id}"]`);
    await card3.locator('.card-action', { hasText: 'Pending' }).waitFor();
    try {
      await admin.call('/admin/settings', {
        method: 'PUT',
        body: { connection_reminder_hours: 0.0005, connection_expiry_hours: 0.001 },
      });
      // The connection is older than the new 3.6 s expiry; the sweeper (here run by the
      // admin at once, otherwise within 30 s) expires it and refunds the bidder.
      await admin.call('/admin/connections/sweep');
    } finally {
      await admin.call('/admin/settings', {
        method: 'PUT',
        body: { connection_reminder_hours: 24, connection_expiry_hours: 48 },
      });
    }
    await card3.locator('.card-action', { hasText: 'Expired' }).waitFor();
    expect((await connectionOf(bidder3!, owner3!)).status).toBe('expired');
    await openActionSlide(card3, 'Expired');
    await card3.getByText(/tokens were refunded/).waitFor();
    await screenshot(bidder3Page, 'connections-expired');
    expect((await me(baseUrl, bidder3!.token)).tokenBalance).toBe(startBalance3 + 60);

    // The refund is in the bidder's history, and the expiry alert leads home.
    await openMenu(bidder3Page);
    await bidder3Page.getByRole('button', { name: /^(BUY\/REDEEM|Daily Claim)$/ }).waitFor();
    const tokenButton = bidder3Page.getByRole('button', { name: 'BUY/REDEEM' });
    if ((await tokenButton.count()) === 0) {
      await bidder3Page.getByRole('button', { name: 'Daily Claim' }).click();
    }
    await tokenButton.click();
    await bidder3Page.getByRole('button', { name: 'Transaction History' }).click();
    const history = bidder3Page.getByRole('dialog', { name: 'Transaction History' });
    await history.getByText('Refund').first().waitFor();
    await history.getByText('+60').first().waitFor();
    await screenshot(bidder3Page, 'transaction-history-refund');
    await bidder3Page.goto('/connections');
    const alerts3 = await openAlerts(bidder3Page);
    await alerts3.getByText(/did not answer in time/).click();
    await bidder3Page.waitForURL(`${baseUrl}/`);
  });
});
