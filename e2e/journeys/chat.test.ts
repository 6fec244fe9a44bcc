// Two members chat after the weekly close. The owner accepts on a phone and writes first
// from the connection card; the bidder, on a desktop, finds the messages button, the
// menu's Chat dot and the preview, opens the conversation and answers: that answer is the
// engagement, and the owner's token screen shows the reward. Both see each other online,
// typing, an image goes through with its preview '[Image]', and when the owner unmatches
// the bidder's input turns off with the spec's texts. On a server of its own, a member
// sees 'Connection Lost' after inactivity and 'Connection to server failed' when the
// server stops.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { me } from '../support/api';
import {
  DESKTOP,
  journeyBrowser,
  openMainMenu,
  PHONE,
  screenshot,
  watchCspViolations,
} from '../support/browser';
import { bidOn, connectionOf, type Member, signIn } from '../support/members';
import { type RunningServer, startServer } from '../support/server';

const sharedUrl = inject('baseUrl');
// A seeded member the journey servers make an admin; not 'demo', whose phone other journeys
// sign in with (5 codes per phone in 15 minutes).
const ADMIN_PHONE = '+12015550117';
const BIDDER_PHONE = '+12015550114'; // seeded members no other journey uses
const OWNER_PHONE = '+12015550115';
const OFFLINE_PHONE = '+12015550116';
const BID = 130;

const browser = journeyBrowser();

async function openAs(baseUrl: string, member: Member, viewport: typeof PHONE, path: string) {
  const page = await (await browser.newContext(baseUrl, viewport, member.token)).newPage();
  const violations = await watchCspViolations(page);
  await page.goto(path);
  return { page, violations };
}

/** Journey screenshots also go to the folder for review. */
async function shot(page: Page, name: string) {
  await screenshot(page, `chat-${name}`);
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, animations: 'disabled' });
}

/** A JPEG the way a phone camera roll would hold one: a screenshot of the page. */
const photo = (page: Page) =>
  page.screenshot({ type: 'jpeg', clip: { x: 0, y: 0, width: 390, height: 300 } });

async function openMenu(page: Page) {
  await openMainMenu(page);
  return page.getByRole('dialog', { name: 'Menu' });
}

describe('chat between two matched members', () => {
  it('accept, chat live both ways with an image, reward on engagement, unmatch turns it off', async () => {
    const admin = await signIn(sharedUrl, ADMIN_PHONE);
    const bidder = await signIn(sharedUrl, BIDDER_PHONE);
    const owner = await signIn(sharedUrl, OWNER_PHONE);
    await bidOn(bidder, owner, BID);
    await admin.call('/admin/periods/close-now');
    const connection = await connectionOf(owner, bidder);
    expect(connection.status).toBe('pending');
    const ownerBefore = await me(sharedUrl, owner.token);

    // The bidder waits on the board on a desktop.
    const { page: bidderPage, violations: bidderCsp } = await openAs(
      sharedUrl,
      bidder,
      DESKTOP,
      '/',
    );
    await bidderPage.getByRole('button', { name: 'Open menu' }).waitFor();

    // The owner accepts on a phone and opens the chat from the card.
    const { page: ownerPage, violations: ownerCsp } = await openAs(
      sharedUrl,
      owner,
      PHONE,
      `/connections?connectionId=${connection.id}`,
    );
    const card = ownerPage.locator(`article[data-connection-id="${connection.id}"]`);
    await card.locator('.card-action', { hasText: 'Act Now' }).click();
    await ownerPage.waitForTimeout(900); // the slide transition
    await card.getByRole('button', { name: 'Accept' }).click();
    await ownerPage
      .getByRole('dialog', { name: 'Do you confirm accepting?' })
      .getByRole('button', { name: 'Yes' })
      .click();
    await card.getByRole('button', { name: `Chat with ${bidder.username}` }).click();
    const ownerView = ownerPage.getByRole('region', {
      name: `Conversation with ${bidder.username}`,
    });
    await ownerView.waitFor();
    await ownerView.getByText(`Say hello to ${bidder.username}.`).waitFor();
    // Both are signed in: the owner sees the bidder online.
    await ownerView
      .getByRole('link', { name: `${bidder.username} (online): open connection` })
      .waitFor();
    await shot(ownerPage, 'owner-empty-conversation-phone');
    const ownerInput = ownerView.getByRole('textbox', { name: 'Message' });
    await ownerInput.fill(`Hi ${bidder.username}! Thanks for the bid.`);
    await ownerInput.press('Enter');
    await ownerView.getByText(`Hi ${bidder.username}! Thanks for the bid.`).waitFor();

    // The bidder: the messages button, the menu's Chat dot, the preview and unread count.
    await bidderPage.getByRole('button', { name: 'Messages (1 unread)' }).waitFor();
    await shot(bidderPage, 'bidder-board-messages-button-desktop');
    const menu = await openMenu(bidderPage);
    const chatItem = menu.getByRole('button', { name: /^Chat/ });
    await chatItem.getByRole('img', { name: 'unread' }).waitFor();
    await shot(bidderPage, 'bidder-menu-chat-dot-desktop');
    await chatItem.click();
    const overlay = bidderPage.getByRole('dialog', { name: 'Chat' });
    const row = overlay.getByRole('button', { name: `${owner.username}, 1 unread` });
    await row.getByText(`Hi ${bidder.username}! Thanks for the bid.`).waitFor();
    await shot(bidderPage, 'bidder-conversation-list-desktop');
    await row.click();
    const bidderView = bidderPage.getByRole('region', {
      name: `Conversation with ${owner.username}`,
    });
    await bidderView.getByText(`Hi ${bidder.username}! Thanks for the bid.`).waitFor();
    // Opening read it: the button and the dot go away.
    await expect
      .poll(() => bidderPage.getByRole('button', { name: /^Messages \(/ }).count())
      .toBe(0);

    // The bidder types (the owner sees it) and answers: the engagement pays the owner.
    const bidderInput = bidderView.getByRole('textbox', { name: 'Message' });
    await bidderInput.pressSequentially('Hello! Coffee on Friday?', { delay: 20 });
    await ownerView.getByText(`${bidder.username} is typing…`).waitFor();
    await shot(ownerPage, 'owner-partner-typing-phone');
    await bidderInput.press('Enter');
    await ownerView.getByText('Hello! Coffee on Friday?').waitFor();
    await ownerView.getByText('Read').waitFor(); // the bidder read the owner's message
    await shot(ownerPage, 'owner-conversation-phone');
    await expect
      .poll(async () => (await me(sharedUrl, owner.token)).tokenBalance, { timeout: 10_000 })
      .toBe(ownerBefore.tokenBalance + BID);

    // Three lines at most: the input grows, then scrolls.
    await bidderInput.fill('one\ntwo\nthree\nfour\nfive');
    const heights = await bidderInput.evaluate((el) => ({
      height: el.clientHeight,
      line: Number.parseFloat(getComputedStyle(el).lineHeight),
    }));
    expect(heights.height).toBeLessThan(heights.line * 4);
    expect(heights.height).toBeGreaterThan(heights.line * 2.5);
    await shot(bidderPage, 'bidder-input-three-lines-desktop');
    await bidderInput.fill('');

    // An image from the bidder reaches the owner; the list previews it as '[Image]'.
    await bidderView.getByTestId('chat-image-input').setInputFiles({
      name: 'coffee.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo(bidderPage),
    });
    await bidderView.locator('img.chat-bubble__image').waitFor();
    await ownerView.locator('img.chat-bubble__image').waitFor();
    await ownerPage.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('img.chat-bubble__image')).every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    await shot(ownerPage, 'owner-received-image-phone');
    await bidderPage.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('img.chat-bubble__image')).every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    await shot(bidderPage, 'bidder-conversation-desktop');
    await ownerView.getByRole('button', { name: 'Back to conversations' }).click();
    const ownerList = ownerPage.getByRole('dialog', { name: 'Chat' });
    await ownerList
      .getByRole('button', { name: new RegExp(`^${bidder.username}`) })
      .getByText('[Image]')
      .waitFor();
    await shot(ownerPage, 'owner-conversation-list-phone');

    // A long history: the bidder's view holds only what is on screen, opens at the newest
    // 50, and loads older pages upward without moving what is being read.
    const cid = [bidder.id, owner.id].sort((a, b) => a - b).join('_');
    for (let n = 1; n <= 90; n++) {
      await owner.call(`/chat/conversations/${cid}/messages`, { body: { text: `history ${n}` } });
    }
    await bidderView
      .getByText('history 90', { exact: true })
      .waitFor()
      .catch(async (error) => {
        await shot(bidderPage, 'debug-history-live');
        // Tells a message that never arrived from a list that stopped following it.
        const list = await bidderView.locator('.chat-messages').evaluate((el) => ({
          ids: Array.from(el.querySelectorAll('[data-message-id]'), (m) =>
            m.getAttribute('data-message-id'),
          ),
          belowView: el.scrollHeight - el.scrollTop - el.clientHeight,
        }));
        throw new Error(`${(error as Error).message}\nbidder's list: ${JSON.stringify(list)}`);
      });
    await bidderView.getByRole('button', { name: 'Back to conversations' }).click();
    await overlay.getByRole('button', { name: new RegExp(`^${owner.username}`) }).click();
    await bidderView.getByText('history 90', { exact: true }).waitFor();
    const scroller = bidderView.locator('.chat-messages');
    const rendered = () => bidderView.locator('[data-message-id]').count();
    expect(await rendered()).toBeLessThan(50);
    // The newest 50 of 93 start at 'history 41'. At the top, the page before arrives and
    // 'history 41' stays where it was instead of jumping down by a page.
    const anchor = bidderView.getByText('history 41', { exact: true });
    await scroller.hover();
    await bidderPage.mouse.wheel(0, -20_000);
    await bidderView
      .getByText('history 40', { exact: true })
      .waitFor({ state: 'attached' })
      .catch(async (error) => {
        await shot(bidderPage, 'debug-older');
        console.log(
          JSON.stringify(
            await scroller.evaluate((el) => [
              el.scrollTop,
              el.scrollHeight,
              el.clientHeight,
              el.className,
              el.getAttribute('data-virtuoso-scroller'),
            ]),
          ),
        );
        throw error;
      });
    await bidderPage.waitForTimeout(300);
    const box = await anchor.boundingBox();
    const frame = await scroller.boundingBox();
    expect(box).not.toBeNull();
    expect(Math.abs(box!.y - frame!.y)).toBeLessThan(80);
    await shot(bidderPage, 'bidder-older-page-loaded-desktop');
    for (let i = 0; i < 12; i++) {
      await bidderPage.mouse.wheel(0, -20_000);
      if (await bidderView.getByText(`Hi ${bidder.username}! Thanks for the bid.`).count()) break;
      await bidderPage.waitForTimeout(500);
    }
    await bidderView.getByText(`Hi ${bidder.username}! Thanks for the bid.`).waitFor();
    expect(await rendered()).toBeLessThan(60);

    // The reward shows in the owner's token screen. The bid was paid with the bidder's free
    // signup tokens, so the reward adds to the owner's balance but none of it becomes
    // redeemable for cash (product rules, the token economy), and the screen says so.
    await ownerList.getByRole('button', { name: 'Close chat' }).click();
    await expect
      .poll(async () => (await me(sharedUrl, owner.token)).tokenBalance, { timeout: 15_000 })
      .toBe(ownerBefore.tokenBalance + BID);
    const ownerMenu = await openMenu(ownerPage);
    await ownerMenu
      .getByText(`${ownerBefore.redeemableTokens.toLocaleString('en-US')} redeemable for cash`)
      .waitFor();
    await shot(ownerPage, 'owner-menu-reward-phone');
    const tokenButton = ownerMenu.getByRole('button', { name: /^(BUY\/REDEEM|Daily Claim)$/ });
    await tokenButton.waitFor();
    if ((await tokenButton.textContent()) === 'Daily Claim') {
      await tokenButton.click();
      await ownerMenu.getByRole('button', { name: 'BUY/REDEEM' }).waitFor();
    }
    await ownerMenu.getByRole('button', { name: 'BUY/REDEEM' }).click();
    await ownerPage.getByText('Redeemable for cash').first().waitFor();
    await ownerPage
      .getByText(/tokens from winning bidders; 0 of them were redeemable for cash/)
      .first()
      .waitFor();
    await shot(ownerPage, 'owner-token-screen-reward-phone');

    // The owner unmatches; the bidder's open conversation turns off live.
    await ownerPage.goto(`/connections?connectionId=${connection.id}`);
    await card.locator('.card-action', { hasText: 'Chat' }).click();
    await ownerPage.waitForTimeout(900);
    await card.getByRole('button', { name: 'Unmatch' }).click();
    await ownerPage
      .getByRole('dialog', { name: 'Do you confirm unmatching?' })
      .getByRole('button', { name: 'Yes' })
      .click();
    await card.locator('.card-action', { hasText: 'Unmatched' }).waitFor();
    await bidderView.getByText('Connection not accepted – messaging disabled.').waitFor();
    await expect
      .poll(() => bidderInput.getAttribute('placeholder'))
      .toBe('You are no longer matched.');
    expect(await bidderInput.isDisabled()).toBe(true);
    await shot(bidderPage, 'bidder-unmatched-desktop');

    // The owner's overlay from the menu shows the same.
    const ownerMenu2 = await openMenu(ownerPage);
    await ownerMenu2.getByRole('button', { name: /^Chat/ }).click();
    await ownerPage
      .getByRole('dialog', { name: 'Chat' })
      .getByRole('button', { name: new RegExp(`^${bidder.username}`) })
      .click();
    await ownerView.getByText('Connection not accepted – messaging disabled.').waitFor();
    await shot(ownerPage, 'owner-unmatched-phone');

    // Bid notifications have their switch in Notification Settings.
    await bidderPage.keyboard.press('Escape');
    await bidderPage.getByRole('dialog', { name: 'Chat' }).waitFor({ state: 'detached' });
    const bidderMenu = await openMenu(bidderPage);
    await bidderMenu.getByRole('button', { name: 'Notification Settings' }).click();
    const settings = bidderPage.getByRole('dialog', { name: 'Notification Settings' });
    const bidSwitch = settings.getByRole('switch', { name: 'Bid notifications' });
    await expect.poll(() => bidSwitch.getAttribute('aria-checked')).toBe('true');
    await bidSwitch.click();
    await settings.getByText('Saved').waitFor();
    expect(await bidSwitch.getAttribute('aria-checked')).toBe('false');
    expect((await me(sharedUrl, bidder.token)).bid_notification).toBe(false);
    await shot(bidderPage, 'bidder-notification-settings-desktop');
    await bidderPage.setViewportSize(PHONE);
    await shot(bidderPage, 'bidder-notification-settings-phone');

    // The bidder leaves: the owner's header shows them offline.
    await bidderPage.close();
    await ownerView
      .getByRole('link', { name: `${bidder.username} (offline): open connection` })
      .waitFor({ timeout: 30_000 });

    expect(bidderCsp).toEqual([]);
    expect(ownerCsp).toEqual([]);
  }, 240_000);
});

describe('connection status dialogs', () => {
  let server: RunningServer | null = null;
  afterAll(async () => {
    await server?.stop();
  });

  it("'Connection Lost' after inactivity, 'Connection to server failed' when the server stops", async () => {
    server = await startServer();
    const member = await signIn(server.baseUrl, OFFLINE_PHONE);
    const { page } = await openAs(server.baseUrl, member, PHONE, '/');
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    await page.waitForTimeout(3000); // the socket connects once the page is idle

    // The dev hook runs the idle check with a limit of zero, as if 30 minutes had passed.
    const idle = await fetch(`${server.baseUrl}/api/dev/presence/disconnect-idle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idleMs: 0 }),
    });
    if (idle.ok) {
      const lost = page.getByRole('dialog', { name: 'Connection Lost' });
      await lost.waitFor();
      await shot(page, 'connection-lost-phone');
      await lost.getByRole('button', { name: 'Reconnect' }).click();
      await lost.waitFor({ state: 'detached' });
    }

    await server.stop();
    await page.getByText('Reconnecting…').waitFor();
    await shot(page, 'reconnecting-phone');
    const failed = page.getByRole('dialog', { name: 'Connection to server failed' });
    await failed.waitFor({ timeout: 90_000 });
    await failed.getByRole('button', { name: 'Refresh Page' }).waitFor();
    await shot(page, 'connection-failed-phone');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'connection-failed-desktop');
  }, 180_000);
});
