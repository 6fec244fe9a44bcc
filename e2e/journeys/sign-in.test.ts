// A visitor joins with a referral link and a texted code; a returning member signs in;
// five wrong codes lock the boxes; the test number signs in with TEST_OTP_CODE.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { me, newPhoneDigits, otpFromOutbox } from '../support/api';
import {
  collectPageErrors,
  DESKTOP,
  launchChromium,
  phoneContext,
  screenshot,
} from '../support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

async function typeCode(page: Page, code: string) {
  await page.getByLabel('Digit 1').click();
  await page.keyboard.type(code);
}

async function enterPhone(page: Page, digits: string) {
  await page.getByRole('button', { name: 'Join / Sign In' }).click();
  await page.getByLabel('Phone number').fill(digits);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await page.getByText('Enter the code we sent.').waitFor();
}

describe('signing in', () => {
  it('a visitor with a referral link joins, lands on /onboarding with 250 tokens', async () => {
    const context = await phoneContext(browser, baseUrl);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto('/auth?ref=demo');
    await page.getByText('Outbid your rivals for the hottest connections.').waitFor();
    await screenshot(page, 'auth-pitch-phone');
    const digits = newPhoneDigits();
    await page.getByRole('button', { name: 'Join / Sign In' }).click();
    const phoneBox = page.getByLabel('Phone number');
    await phoneBox.pressSequentially(digits);
    expect(await phoneBox.inputValue()).toBe(
      `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
    );
    await screenshot(page, 'auth-phone-step');
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page.getByText('Enter the code we sent.').waitFor();
    const code = await otpFromOutbox(baseUrl, `+1${digits}`);
    await screenshot(page, 'auth-code-step');
    await typeCode(page, code);
    await page.waitForURL('**/onboarding');
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    expect(token).toBeTruthy();
    const user = await me(baseUrl, token!);
    expect(user.tokenBalance).toBe(250);
    expect(user.onboarded).toBe(0);
    expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    await context.close();
  });

  it('a returning member signs in and reaches the Bid Board', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto('/auth');
    await screenshot(page, 'auth-pitch-desktop');
    await enterPhone(page, '2015550100');
    // The code step offers 'Resend code' after a visible countdown.
    await page.getByText(/You can ask for another in 0:\d\d\./).waitFor();
    expect(await page.getByRole('button', { name: 'Resend code' }).isDisabled()).toBe(true);
    await screenshot(page, 'auth-code-step-desktop');
    await typeCode(page, await otpFromOutbox(baseUrl, '+12015550100'));
    await page.waitForURL((url) => url.pathname === '/');
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    expect((await me(baseUrl, token!)).username).toBe('demo');
    await context.close();
  });

  it('five wrong codes lock the boxes with the countdown message', async () => {
    const context = await phoneContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto('/auth');
    await enterPhone(page, '2015550101');
    const real = await otpFromOutbox(baseUrl, '+12015550101');
    const wrong = real === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      await typeCode(page, wrong);
      await page.getByRole('alert').waitFor();
      await expect.poll(() => page.getByLabel('Digit 1').inputValue()).toBe('');
    }
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toMatch(/Too many attempts\. Please wait [01]:\d\d before trying again\./);
    expect(await page.getByLabel('Digit 1').isDisabled()).toBe(true);
    await screenshot(page, 'auth-lockout');
    await context.close();
  });

  it('the test number signs in with TEST_OTP_CODE without a text', async () => {
    const context = await phoneContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto('/auth?ref=demo');
    await enterPhone(page, '1234567890');
    await typeCode(page, '123456');
    await page.waitForURL('**/onboarding');
    const res = await fetch(`${baseUrl}/api/dev/otp-outbox?phone=%2B11234567890`);
    expect(res.status).toBe(404);
    await context.close();
  });

  it('an unknown number without a referral is told Account not found.', async () => {
    const context = await phoneContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto('/auth');
    const digits = newPhoneDigits();
    await enterPhone(page, digits);
    await typeCode(page, await otpFromOutbox(baseUrl, `+1${digits}`));
    await page.getByText('Account not found.').waitFor();
    await screenshot(page, 'auth-account-not-found');
    await context.close();
  });
});
