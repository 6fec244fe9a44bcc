// A member's first week, on a phone and on a desktop (issue 20): the Bid Board's cards
// show 'username, age' whole and hint that a tap or swipe reveals the profile and the bid;
// a screen whose code fails to load shows the app's own 'Something went wrong – Retry'
// (never the router's developer page) and loads on Retry; an old tab whose build was
// replaced reloads itself once onto the new build and never loops; the app is installable
// (manifest, service worker). Axe finds no serious or critical violation on any screen.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, journeyBrowser, PHONE } from '../support/browser';
import { type Member, seededPhone, signIn } from '../support/members';

const baseUrl = inject('baseUrl');
const shotsDir = '/work/notes/shots/first-week';
const { openAs } = journeyBrowser();

let member: Member;
beforeAll(async () => {
  // A seeded member no other journey signs in (a phone gets 5 codes per 15 minutes).
  member = await signIn(baseUrl, seededPhone(22));
});

async function shot(page: Page, name: string) {
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), animations: 'disabled' });
}

async function expectAccessible(page: Page, screen: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${screen}: ${v.id} (${v.nodes.length})`);
  expect(serious).toEqual([]);
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('the first week on a %s', (size, viewport) => {
  it("cards show 'username, age' whole, with a first-visit hint", async () => {
    const page = await openAs(baseUrl, member, viewport, '/');
    await page.getByRole('heading', { name: 'Bid Board' }).waitFor();
    const hint = page.getByText('Tap or swipe a card to see the profile and place your bid.');
    await hint.waitFor();
    await page.locator('.profile-card__name').first().waitFor();
    // Every name is whole, with its age, on cards at this size and at 320 px.
    for (const width of [viewport.width, 320]) {
      await page.setViewportSize({ width, height: viewport.height });
      const cut = await page.$$eval('.profile-card__name', (names) =>
        names
          .filter((n) => n.scrollWidth > n.clientWidth || !/, \d+$/.test(n.textContent ?? ''))
          .map((n) => n.textContent),
      );
      expect(cut, `at ${width} px`).toEqual([]);
    }
    await page.setViewportSize(viewport);
    await shot(page, `board-hint-${size}`);
    await expectAccessible(page, 'Bid Board');
    await page.getByRole('button', { name: 'Got it' }).click();
    await expect.poll(() => hint.count()).toBe(0);
    await page.reload();
    await page.locator('.profile-card__name').first().waitFor();
    expect(await hint.count()).toBe(0);
  });

  it("a screen whose code fails to load shows 'Something went wrong – Retry', then loads", async () => {
    const page = await openAs(baseUrl, member, viewport, '/');
    await page.getByRole('heading', { name: 'Bid Board' }).waitFor();
    const chunk = '**/assets/menu-sheet-*';
    await page.route(chunk, (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Open menu' }).click();
    const failed = page.getByRole('heading', { name: 'Something went wrong' });
    await failed.waitFor({ timeout: 15_000 });
    expect(await page.getByText('Hey developer').count()).toBe(0);
    expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
    await shot(page, `chunk-failed-${size}`);
    await expectAccessible(page, 'Something went wrong');

    await page.unroute(chunk);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'Bid Board' }).waitFor();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').waitFor();
    // The stylesheet that failed came back too: the menu is styled, not bare.
    const sheetStyled = await page
      .getByRole('dialog')
      .evaluate((el) => getComputedStyle(el).position === 'fixed');
    expect(sheetStyled).toBe(true);
    await shot(page, `chunk-retried-menu-${size}`);
  });

  it('an old tab reloads once onto a new build, and never loops', async () => {
    const page = await openAs(baseUrl, member, viewport, '/');
    await page.getByRole('heading', { name: 'Bid Board' }).waitFor();
    // A deploy happened: the server's page names another entry script, and this tab's
    // chunks (past their grace period) are gone.
    const html = await (await fetch(`${baseUrl}/`)).text();
    const rebuilt = html.replace(/\/assets\/index-[^"]+\.js/, '/assets/index-rebuilt.js');
    expect(rebuilt).not.toBe(html);
    await page.route(`${baseUrl}/`, (route) =>
      route.request().resourceType() === 'fetch'
        ? route.fulfill({ status: 200, contentType: 'text/html', body: rebuilt })
        : route.continue(),
    );
    const gone = '**/assets/connections-*';
    await page.route(gone, (route) => route.fulfill({ status: 404, body: '' }));

    const reloaded = page.waitForEvent('load', { timeout: 20_000 });
    await page.evaluate(() => window.history.pushState({}, '', '/connections'));
    await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
    await reloaded;
    // After its one reload the tab does not reload again for the same build: it says so.
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor({ timeout: 20_000 });
    const reloadsFor = await page.evaluate(() =>
      sessionStorage.getItem('bidboard:reloaded-for-build'),
    );
    expect(reloadsFor).toBe('/assets/index-rebuilt.js');

    // The new build's files are there: Retry loads the screen.
    await page.unroute(gone);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'Connections' }).waitFor();
  });

  it('is installable: manifest and service worker', async () => {
    const page = await openAs(baseUrl, member, viewport, '/');
    await page.getByRole('heading', { name: 'Bid Board' }).waitFor();
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      return link ? (await fetch(link.href)).json() : null;
    });
    expect(manifest).toMatchObject({
      name: 'Bidboard',
      short_name: 'Bidboard',
      display: 'standalone',
      start_url: '/',
      theme_color: expect.any(String),
      background_color: expect.any(String),
    });
    const icons = (manifest as { icons: { sizes: string; purpose: string }[] }).icons;
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    const scope = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.scope;
    });
    expect(scope).toBe(`${baseUrl}/`);
  });
});
