// Distance and verification on a phone (issue 44): a Brooklyn member sets 'Maximum
// distance' to 25 miles in Profile Settings and, with 'Match dating preferences', sees only
// nearby members, each card saying how far; then 'Verified members only' leaves none of
// the seeded (unverified) members. Screenshots at 390x844 and 1280x800.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { me, memberApi } from '../support/api';
import {
  cardPhotosLoaded,
  collectPageErrors,
  DESKTOP,
  launchChromium,
  openMainMenu,
  PHONE,
  phoneContext,
  screenshot,
  signedInContext,
} from '../support/browser';
import { joinWithReferral } from '../support/join';
import { freshUsername, seededPhone, signIn } from '../support/members';

const baseUrl = inject('baseUrl');
const VIEWER_PHONE = seededPhone(3); // 'sky-ellis', Brooklyn 11211, dating everyone 22-32

type Browser = Awaited<ReturnType<typeof launchChromium>>;
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

async function openSettings(page: Page) {
  await openMainMenu(page);
  await page.getByRole('button', { name: 'Profile Settings' }).click();
  return page.getByRole('dialog', { name: 'Profile Settings' });
}

async function matchPreferences(page: Page) {
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByRole('radio', { name: 'Match dating preferences' }).click();
}

/** The distance line of every card on the board. */
const distances = (page: Page) => page.locator('article .member-distance').allTextContents();

const MILES = /^(Less than 1 mile away|(\d+) miles? away)$/;

describe('distance on the Bid Board', () => {
  it('a member sets 25 miles and sees only nearby members, then verified members only', async () => {
    const { token } = await signIn(baseUrl, VIEWER_PHONE);
    const reset = () =>
      fetch(`${baseUrl}/api/auth/update-profile`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ max_distance: null, verified_only: false }),
      });
    try {
      const context = await signedInContext(browser, baseUrl, PHONE, token);
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await page.goto('/');
      await page.locator('article[data-auction-id]').first().waitFor();

      // Anywhere first: members far away are on the board too.
      await matchPreferences(page);
      await page.locator('article .member-distance').first().waitFor();
      const anywhere = await distances(page);

      const settings = await openSettings(page);
      const maximum = settings.getByRole('group', { name: 'Maximum distance' });
      await maximum.scrollIntoViewIfNeeded();
      await maximum.getByText('25 miles', { exact: true }).click();
      await maximum.getByText('Saved').waitFor();
      await screenshot(page, 'distance-01-settings-25-miles');
      await page.keyboard.press('Escape');
      await settings.waitFor({ state: 'hidden' });

      // The board asks again with the new maximum: only members within 25 miles.
      await page.reload();
      await matchPreferences(page);
      await page.locator('article .member-distance').first().waitFor();
      await cardPhotosLoaded(page);
      const nearby = await distances(page);
      expect(nearby.length).toBeGreaterThan(0);
      expect(nearby.length).toBeLessThan(anywhere.length);
      for (const text of nearby) {
        const found = MILES.exec(text);
        expect(found, text).not.toBeNull();
        expect(Number(found![2] ?? 0)).toBeLessThanOrEqual(25);
      }
      await screenshot(page, 'distance-02-board-25-miles');

      // 'Verified members only': none of the seeded members has passed verification.
      const again = await openSettings(page);
      const verified = again.getByRole('switch', { name: 'Verified members only' });
      await verified.scrollIntoViewIfNeeded();
      await verified.click();
      await expect.poll(() => verified.getAttribute('aria-checked')).toBe('true');
      await screenshot(page, 'distance-03-settings-verified-only');
      await page.keyboard.press('Escape');
      await page.reload();
      await matchPreferences(page);
      await page.getByText(/No matches found/).waitFor();
      expect(await page.locator('article[data-auction-id]').count()).toBe(0);
      await screenshot(page, 'distance-04-board-verified-only');
      expect(errors).toEqual([]);
      await context.close();

      // The same board on a desktop, back at 25 miles and every member.
      await reset();
      await fetch(`${baseUrl}/api/auth/update-profile`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ max_distance: 25 }),
      });
      const wide = await signedInContext(browser, baseUrl, DESKTOP, token);
      const desk = await wide.newPage();
      await desk.goto('/');
      await matchPreferences(desk);
      await desk.locator('article .member-distance').first().waitFor();
      await cardPhotosLoaded(desk);
      await screenshot(desk, 'distance-05-board-25-miles-desktop');
      const settingsDesk = await openSettings(desk);
      await settingsDesk.getByRole('group', { name: 'Maximum distance' }).scrollIntoViewIfNeeded();
      await screenshot(desk, 'distance-06-settings-desktop');
      await wide.close();
    } finally {
      await reset();
    }
  });

  it("a new member chooses 25 miles and 'Verified members only' after the age range", async () => {
    const context = await phoneContext(browser, baseUrl);
    const page = await context.newPage();
    const token = await joinWithReferral(page, baseUrl, 'theo_nguyen');
    const call = memberApi(baseUrl, token);
    for (const fields of [
      { birth_date: '1996-03-02' },
      // Philadelphia: no state safety notice comes before the step.
      { postal_code: '19103' },
      { gender: 'male' },
      { username: freshUsername('dist') },
      { open_to_dating: true },
    ]) {
      const { onboarded } = await me(baseUrl, token);
      await call('/auth/update-profile', { body: { ...fields, onboarded: onboarded + 1 } });
    }
    const errors = collectPageErrors(page);
    await page.goto('/onboarding');
    await page.getByRole('heading', { name: 'What ages are you into?' }).waitFor();
    await page.getByText('25 miles', { exact: true }).click();
    await page.getByRole('switch', { name: 'Verified members only' }).click();
    await screenshot(page, 'distance-07-onboarding-age-range');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(async () => (await me(baseUrl, token)).onboarded).toBeGreaterThan(5);
    const saved = (await me(baseUrl, token)) as unknown as Record<string, unknown>;
    expect(saved.max_distance).toBe(25);
    expect(saved.verified_only).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
