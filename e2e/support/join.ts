// Joins as a new member through `referrer`'s link the way a visitor does: pitch, phone,
// the texted code from the dev outbox. Returns the session token.
import type { Page } from 'playwright-core';
import { newPhoneDigits, otpFromOutbox } from './api';

export async function joinWithReferral(
  page: Page,
  baseUrl: string,
  referrer: string,
): Promise<string> {
  await page.goto(`/auth?ref=${referrer}`);
  await page.getByRole('button', { name: 'Join / Sign In' }).click();
  const digits = newPhoneDigits();
  await page.getByLabel('Phone number').fill(digits);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await page.getByText('Enter the code we sent.').waitFor();
  await page.getByLabel('Digit 1').click();
  await page.keyboard.type(await otpFromOutbox(baseUrl, `+1${digits}`));
  await page.waitForURL('**/onboarding');
  return (await page.evaluate(() => localStorage.getItem('authToken')))!;
}
