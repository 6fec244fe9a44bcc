// Two members bid on a third member's auction in two browsers: A bids, B sees it live and
// outbids, A's card turns Outbid and A's socket receives the outbid alert, A takes the lead
// back and raises with 'Update Bid'. A then claims the daily tokens, reads the ledger, and
// the admin closes the period, which creates the winner's connection.
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { me } from '../support/api';
import {
  cardPhotosLoaded,
  carouselSettled,
  DESKTOP,
  launchChromium,
  openBiddingSlide,
  openMainMenu,
  PHONE,
  screenshot,
  signedInContext,
} from '../support/browser';
import { signIn } from '../support/members';

const baseUrl = inject('baseUrl');
const DEMO_PHONE = '+12015550100'; // 'demo', an admin in the journey server
const MEMBER_PHONE = '+12015550101'; // 'maya_rivers', the first seeded member

type Browser = Awaited<ReturnType<typeof launchChromium>>;
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

async function post<T>(path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function openAs(token: string, viewport: typeof PHONE, path: string) {
  const context = await signedInContext(browser, baseUrl, viewport, token);
  const page = await context.newPage();
  const alerts: string[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string' && payload.includes('"new-alert"')) alerts.push(payload);
    }),
  );
  await page.goto(path);
  return { context, page, alerts };
}

function bidButton(card: Locator, label: 'Bid' | 'Winning' | 'Outbid', amount: number) {
  return card.getByRole('button', { name: `${label} ${amount.toLocaleString('en-US')}` });
}

describe('bidding on the live Bid Board', () => {
  it('two members bid against each other and the close creates a connection', async () => {
    const tokenA = (await signIn(baseUrl, DEMO_PHONE)).token;
    const tokenB = (await signIn(baseUrl, MEMBER_PHONE)).token;
    const startA = (await me(baseUrl, tokenA)).tokenBalance;

    const { auctions } = await post<{
      auctions: { auctionId: number; username: string; age: number; current_bid: number }[];
    }>('/auctions', { limit: 20, offset: 0 }, tokenA);
    const target = auctions.find((a) => !['demo', 'maya_rivers'].includes(a.username));
    expect(target).toBeTruthy();
    const { auctionId, username, age } = target!;
    const start = target!.current_bid;

    // B watches the target's auction, pinned first through /{username}, on a desktop.
    const b = await openAs(tokenB, DESKTOP, `/${username}`);
    const cardB = b.page.locator(`article[data-auction-id="${auctionId}"]`);
    await cardB.getByRole('heading', { name: `${username}, ${age}` }).waitFor();
    expect(await b.page.locator('article').first().getAttribute('data-auction-id')).toBe(
      String(auctionId),
    );
    await b.page.getByText(/^Bids close:/).waitFor();
    await cardPhotosLoaded(b.page);
    await screenshot(b.page, 'bid-board-desktop');

    // A, on a phone, looks through the card and bids the minimum.
    const a = await openAs(tokenA, PHONE, `/${username}`);
    const cardA = a.page.locator(`article[data-auction-id="${auctionId}"]`);
    await cardA.getByRole('heading', { name: `${username}, ${age}` }).waitFor();
    await cardPhotosLoaded(a.page);
    await screenshot(a.page, 'bid-board-phone');
    const photoCount = await cardA.locator('.profile-card__photo').count();
    for (let i = 0; i < Math.max(photoCount, 1); i += 1) {
      await cardA.locator('.profile-card__viewport').click({ position: { x: 60, y: 60 } });
      await carouselSettled(cardA);
    }
    await cardA.getByText('Favorite things').waitFor();
    await screenshot(a.page, 'card-profile-slide');
    await openBiddingSlide(cardA);
    await expect(
      cardA.getByRole('button', { name: 'Decrease bid by 10' }).isDisabled(),
    ).resolves.toBe(true);
    await cardA.getByText(`${startA.toLocaleString('en-US')} tokens available`).waitFor();
    await screenshot(a.page, 'card-bidding-slide');
    const bid1 = start + 10;
    await cardA.getByRole('button', { name: 'Submit Bid' }).click();
    await bidButton(cardA, 'Winning', bid1).waitFor();

    // B sees A's bid arrive live, then outbids by 20.
    await bidButton(cardB, 'Bid', bid1).waitFor();
    await openBiddingSlide(cardB);
    await cardB.getByRole('button', { name: 'Increase bid by 10' }).click();
    await screenshot(b.page, 'card-bidding-slide-desktop');
    const bid2 = bid1 + 20;
    await cardB.getByRole('button', { name: 'Submit Bid' }).click();
    await bidButton(cardB, 'Winning', bid2).waitFor();

    // A is outbid on screen and by alert.
    await bidButton(cardA, 'Outbid', bid2).waitFor();
    await expect.poll(() => a.alerts.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(a.alerts.join('')).toContain('outbid');
    await a.page.waitForTimeout(700); // the bid number animation
    await screenshot(a.page, 'card-outbid');

    // A takes the lead back, then raises with 'Update Bid'.
    await openBiddingSlide(cardA);
    const bid3 = bid2 + 10;
    await cardA.getByRole('button', { name: 'Submit Bid' }).click();
    await bidButton(cardA, 'Winning', bid3).waitFor();
    await openBiddingSlide(cardA);
    await cardA.getByRole('button', { name: 'Increase bid by 10' }).click();
    const bid4 = bid3 + 20;
    await cardA.getByRole('button', { name: 'Update Bid' }).click();
    await bidButton(cardA, 'Winning', bid4).waitFor();
    await bidButton(cardB, 'Outbid', bid4).waitFor();
    await b.page.waitForTimeout(700);
    await screenshot(b.page, 'card-outbid-desktop');
    expect((await me(baseUrl, tokenA)).tokenBalance).toBe(startA - bid4);

    // A's menu: Daily Claim, then BUY/REDEEM, the token screen and the ledger.
    await openMainMenu(a.page);
    const claim = a.page.getByRole('button', { name: 'Daily Claim' });
    await claim.waitFor();
    await screenshot(a.page, 'menu-daily-claim');
    await claim.dblclick();
    await a.page.getByRole('button', { name: 'BUY/REDEEM' }).click();
    await a.page.getByText('Available for bids').last().waitFor();
    await screenshot(a.page, 'token-balance-screen');
    await a.page.getByRole('button', { name: 'Transaction History' }).click();
    const history = a.page.getByRole('dialog', { name: 'Transaction History' });
    await history.getByText('Rebid').waitFor();
    await history.getByText('Outbid').first().waitFor();
    await history.getByText('Daily claim').waitFor();
    await history.getByText('Signup bonus').waitFor();
    await screenshot(a.page, 'transaction-history');
    expect((await me(baseUrl, tokenA)).tokenBalance).toBe(startA - bid4 + 100);

    // B's menu and token screens on a desktop.
    await openMainMenu(b.page);
    await b.page.getByRole('button', { name: 'Daily Claim' }).waitFor();
    await screenshot(b.page, 'menu-daily-claim-desktop');
    await b.page.getByRole('button', { name: 'Daily Claim' }).click();
    await b.page.getByRole('button', { name: 'BUY/REDEEM' }).click();
    await b.page.getByRole('button', { name: '500 minimum' }).waitFor();
    await screenshot(b.page, 'token-balance-screen-desktop');
    await b.page.getByRole('button', { name: 'Transaction History' }).click();
    await b.page.getByRole('dialog', { name: 'Transaction History' }).getByText('Outbid').waitFor();
    await screenshot(b.page, 'transaction-history-desktop');

    // Each member's own card: no bid controls and no 'Connect with' their own name.
    for (const [page, owner, name] of [
      [a.page, 'demo', 'card-own'],
      [b.page, 'maya_rivers', 'card-own-desktop'],
    ] as const) {
      await page.goto(`/${owner}`);
      const card = page.locator('article').first();
      await card.getByRole('heading', { name: new RegExp(`^${owner}`) }).waitFor();
      // Not 'Bid 0': a member cannot bid on themselves (issue 46).
      expect(await card.locator('.bid-button').textContent()).toMatch(/^Yours/);
      await card.locator('.bid-button').click();
      await card.getByText('This is your auction.').waitFor();
      await carouselSettled(card);
      expect(await card.getByText(/^Connect with /).count()).toBe(0);
      await screenshot(page, name);
    }

    // The admin closes the period: A's winning bid becomes a pending connection.
    const closed = await post<{ closed: { connections: number } | null }>(
      '/admin/periods/close-now',
      {},
      tokenA,
    );
    expect(closed.closed?.connections ?? 0).toBeGreaterThanOrEqual(1);

    await a.context.close();
    await b.context.close();
  });
});
