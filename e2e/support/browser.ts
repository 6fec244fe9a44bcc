// Debian's Chromium through playwright-core (never a downloaded browser).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { expectScreenAccessible } from './accessibility';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}

/** Context options a journey adds to the size's, e.g. the member's time zone. */
export type ContextExtras = Pick<BrowserContextOptions, 'timezoneId'>;

/** A phone gets touch and a 2x screen; a desktop neither. */
export function sizedContext(
  browser: Browser,
  baseURL: string,
  viewport: typeof PHONE,
  extras: ContextExtras = {},
): Promise<BrowserContext> {
  const phone = viewport === PHONE;
  return browser.newContext({
    baseURL,
    viewport,
    deviceScaleFactor: phone ? 2 : 1,
    isMobile: phone,
    hasTouch: phone,
    ...extras,
  });
}

export function phoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return sizedContext(browser, baseURL, PHONE);
}

/** A context already signed in: the session token is in localStorage before the app loads. */
export async function signedInContext(
  browser: Browser,
  baseURL: string,
  viewport: typeof PHONE,
  token: string,
  extras: ContextExtras = {},
): Promise<BrowserContext> {
  const context = await sizedContext(browser, baseURL, viewport, extras);
  await context.addInitScript((t) => localStorage.setItem('authToken', t), token);
  return context;
}

/**
 * The journey file's Chromium: launched before its tests, closed after them together with
 * every context opened through it.
 */
export function journeyBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });

  /** A context at the viewport's size; with a token, signed in as that member. */
  const newContext = async (
    baseURL: string,
    viewport: typeof PHONE,
    token?: string,
    extras: ContextExtras = {},
  ) => {
    if (!browser) throw new Error('the browser starts in beforeAll');
    const context = token
      ? await signedInContext(browser, baseURL, viewport, token, extras)
      : await sizedContext(browser, baseURL, viewport, extras);
    contexts.push(context);
    return context;
  };

  /** Opens `path` as the member, in a context of its own. */
  const openAs = async (
    baseURL: string,
    member: { token: string },
    viewport: typeof PHONE,
    path: string,
  ): Promise<Page> => {
    const page = await (await newContext(baseURL, viewport, member.token)).newPage();
    await page.goto(path);
    return page;
  };

  return { newContext, openAs };
}

/** Profile card photos in the viewport have finished loading (before a screenshot). */
export async function cardPhotosLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll<HTMLImageElement>('.profile-card__photo'))
      .filter((img) => {
        const box = img.getBoundingClientRect();
        return box.top < window.innerHeight && box.left >= 0 && box.left < window.innerWidth;
      })
      .every((img) => img.complete),
  );
}

/**
 * Waits until a card's carousel is at rest: a slide lines up with the frame and stays put
 * for a few frames. The carousel eases into place over a time that grows with the
 * machine's load, so a fixed wait caught screenshots mid-swipe.
 */
export async function carouselSettled(card: Locator): Promise<void> {
  await card.locator('.profile-card__viewport').evaluate(
    (viewport) =>
      new Promise<void>((resolve, reject) => {
        // A slide that never lines up fails here, saying so, not at the test's timeout.
        const deadline = performance.now() + 5_000;
        const frame = viewport.getBoundingClientRect().left;
        const slides = Array.from(viewport.querySelectorAll('.profile-card__slide'));
        let still = 0;
        let last = Number.NaN;
        const check = () => {
          const lefts = slides.map((slide) => slide.getBoundingClientRect().left);
          const aligned = lefts.some((left) => Math.abs(left - frame) < 0.5);
          still = aligned && lefts[0] === last ? still + 1 : 0;
          last = lefts[0] ?? Number.NaN;
          if (still >= 3) resolve();
          else if (performance.now() > deadline) reject(new Error('the carousel did not settle'));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}

/** Opens a card's bidding slide with its Bid button and waits for the slide to settle. */
export async function openBiddingSlide(card: Locator): Promise<void> {
  await card.locator('.bid-button').click();
  await card.getByText(/^Connect with /).waitFor();
  await carouselSettled(card);
}

/**
 * Opens the main menu as a member would: its button slides away while the page scrolls
 * down (clicks on cards scroll it), so scroll back to the top first.
 */
export async function openMainMenu(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'Open menu' }).click();
}

const shotsDir = path.resolve(import.meta.dirname, '..', 'screenshots');

/** Screenshots land in e2e/screenshots (ignored by git) for people to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), animations: 'disabled' });
  await expectScreenAccessible(page, name);
}

/** Every console error and failed request of a page, e.g. CSP violations. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/**
 * Every Content Security Policy violation the page reports (the browser's
 * securitypolicyviolation event, on every document the page opens), as
 * 'directive blocked-uri'. Read it at the end of the journey.
 */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (line: string) => violations.push(line));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (line: string) => void })
        .__reportCspViolation;
      report(
        `${event.effectiveDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return violations;
}
