// A phone's first visit to /auth and to / (signed in), in English and in Canadian French:
// the JavaScript fetched before the first paint (the language's catalogues included, never
// the other language's) stays within the byte budget, every asset arrives compressed and hashed
// assets are cached for a year, the HTML and the service worker are revalidated, and no
// page breaks the Content Security Policy.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  launchChromium,
  PHONE,
  phoneContext,
  signedInContext,
  watchCspViolations,
} from '../support/browser';
import { signIn } from '../support/members';

const baseUrl = inject('baseUrl');
/** Gzip bytes of the JavaScript a first screen may need before it paints. */
const FIRST_PAINT_JS_BUDGET = 150_000;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const MEMBER_PHONE = '+12015550103'; // a seeded, onboarded member

let browser: Awaited<ReturnType<typeof launchChromium>>;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** Scripts whose download started before the first contentful paint. */
async function scriptsBeforePaint(page: Page): Promise<string[]> {
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length);
  return page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]!.startTime;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.js') && entry.startTime < paint)
      .map((entry) => entry.name);
  });
}

/** What the file weighs gzipped, as the server sends it to a gzip-only client. */
async function gzipBytes(url: string): Promise<number> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
  expect(response.headers.get('content-encoding'), url).toBe('gzip');
  const length = Number(response.headers.get('content-length'));
  await response.arrayBuffer();
  return length;
}

describe('first load on a phone', () => {
  it.each([
    ['/auth', 'en', false, 'Join / Sign In'],
    ['/', 'en', true, 'Bid Board'],
    ['/auth', 'fr-CA', false, 'Adhérer / Se connecter'],
    ['/', 'fr-CA', true, 'Tableau des enchères'],
  ] as const)(
    '%s in %s: small, compressed, cached JavaScript and no CSP violation',
    async (path, language, signedIn, landmark) => {
      const token = signedIn ? (await signIn(baseUrl, MEMBER_PHONE)).token : null;
      // A signed-in member's screens speak their stored language: the member speaks this one.
      if (token) {
        const saved = await fetch(`${baseUrl}/api/auth/update-profile`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ language }),
        });
        expect(saved.status).toBe(200);
      }
      const context = token
        ? await signedInContext(browser, baseUrl, PHONE, token)
        : await phoneContext(browser, baseUrl);
      await context.addInitScript(
        (lang) => localStorage.setItem('bidboard.language', lang),
        language,
      );
      const page = await context.newPage();
      const violations = await watchCspViolations(page);
      const assets: { url: string; encoding?: string; cache?: string }[] = [];
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.origin !== baseUrl || !/\.(js|css|svg|html)$/.test(url.pathname)) return;
        const headers = response.headers();
        assets.push({
          url: url.pathname,
          encoding: headers['content-encoding'],
          cache: headers['cache-control'],
        });
      });
      const document = await page.goto(path);
      expect(document?.headers()['cache-control']).toBe('no-cache');
      expect(['br', 'gzip']).toContain(document?.headers()['content-encoding']);
      const scripts = await scriptsBeforePaint(page);
      await (signedIn
        ? page.getByRole('heading', { name: landmark })
        : page.getByRole('button', { name: landmark })
      ).waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');

      const sizes = await Promise.all(scripts.map(gzipBytes));
      const total = sizes.reduce((sum, n) => sum + n, 0);
      console.log(
        'FIRSTLOAD',
        path,
        language,
        total,
        scripts.length,
        scripts.map((s, i) => `${s.split('/').pop()}=${sizes[i]}`).join(' '),
      );
      const otherLanguage = language === 'en' ? 'fr-CA' : 'en';
      expect(scripts.filter((url) => url.includes(`/${otherLanguage}.json`))).toEqual([]);
      expect(total, `${path} before first paint: ${scripts.join(', ')}`).toBeLessThanOrEqual(
        FIRST_PAINT_JS_BUDGET,
      );
      expect(assets.length).toBeGreaterThan(2);
      for (const asset of assets) {
        expect(['br', 'gzip'], asset.url).toContain(asset.encoding);
        if (asset.url.startsWith('/assets/')) expect(asset.cache, asset.url).toBe(IMMUTABLE);
      }
      expect(violations).toEqual([]);
      // What Lighthouse's accessibility audit flagged before: small touch targets, and
      // labels that do not contain the words on screen.
      const axe = await new AxeBuilder({ page })
        .withRules(['target-size', 'label-content-name-mismatch', 'color-contrast'])
        .analyze();
      expect(
        axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`),
      ).toEqual([]);
      await context.close();
    },
  );

  it('the service worker and the page are revalidated on every visit', async () => {
    for (const path of ['/sw.js', '/', '/auth', '/some_member']) {
      const response = await fetch(`${baseUrl}${path}`, { headers: { 'accept-encoding': 'br' } });
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      expect(response.headers.get('content-encoding'), path).toBe('br');
    }
  });
});
