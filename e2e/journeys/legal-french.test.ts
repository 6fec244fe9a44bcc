// The legal pages in Canadian French (issue 47): a visitor whose browser asks for French reads
// the Terms and Conditions and the Privacy Policy in French on a phone (390x844) and a desktop
// (1280x800): no English phrase of the web catalogues, no text cut or running off the screen,
// and the close button of a page opened directly goes to the board. Screenshots land in e2e/screenshots/legal-french-*.png.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchChromium, PHONE, screenshot } from '../support/browser';
import { cutText, englishOnPage } from '../support/french';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

async function frenchPage(viewport: typeof PHONE): Promise<Page> {
  const phone = viewport === PHONE;
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport,
    deviceScaleFactor: phone ? 2 : 1,
    isMobile: phone,
    hasTouch: phone,
    locale: 'fr-CA',
  });
  return context.newPage();
}

/** The page is in French and fits, top to bottom: then its screenshots. */
async function looked(page: Page, name: string) {
  expect(await englishOnPage(page), `${name}: English on a French screen`).toEqual([]);
  expect(await cutText(page), `${name}: text cut or overflowing`).toEqual([]);
  await screenshot(page, `legal-french-${name}`);
  await page.screenshot({
    path: path.resolve(import.meta.dirname, '..', 'screenshots', `legal-french-${name}-full.png`),
    fullPage: true,
  });
}

describe('the legal pages en français', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('read in French on a %s', async (name, viewport) => {
    const page = await frenchPage(viewport);
    await page.goto('/');
    await page.goto('/terms');
    await page.getByRole('heading', { level: 1, name: 'Conditions d’utilisation' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('fr-CA');
    expect(await page.title()).toBe('Conditions d’utilisation · Bidboard');
    await page.getByText('En vigueur le 27 mars 2025 · Bidboard Labs LLC').waitFor();
    await looked(page, `terms-${name}`);

    await page.goto('/policy');
    await page.getByRole('heading', { level: 1, name: 'Politique de confidentialité' }).waitFor();
    // The sections other features add, from their own catalogues and the server's settings.
    await page
      .getByRole('heading', { name: 'Responsable de la protection des renseignements personnels' })
      .waitFor();
    await page.getByRole('heading', { name: 'Dossiers des bénéficiaires' }).waitFor();
    await looked(page, `policy-${name}`);

    await page.getByRole('button', { name: 'Fermer' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });
});
