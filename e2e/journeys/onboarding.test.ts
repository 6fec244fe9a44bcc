// A new member joins through a referral link and works through the onboarding wizard on a
// phone: every step it owns, one mistake per step and the fix, a reload that resumes at
// the same step, and No to dating skipping the age range and seeking steps. Steps 10 and
// 11 (photo, face video) belong to the media feature and its journey; here they are done
// through the API so the wizard's last two steps and the hand-off to /referral are covered.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  agreeToFaceMatching,
  me,
  memberApi,
  otpFromOutbox,
  submitVerificationVideo,
} from '../support/api';
import {
  collectPageErrors,
  DESKTOP,
  launchChromium,
  phoneContext,
  screenshot,
} from '../support/browser';
import { facePhoto } from '../support/faces';
import { joinWithReferral } from '../support/join';
import { freshUsername } from '../support/members';

const baseUrl = inject('baseUrl');
let browser: Awaited<ReturnType<typeof launchChromium>>;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const alertText = (page: Page) => page.getByRole('alert').textContent();
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });

async function expectStep(page: Page, title: string) {
  await heading(page, title).waitFor();
}

async function expectError(page: Page, message: string) {
  await expect.poll(() => alertText(page)).toBe(message);
}

/** Uploads a slot-1 photo and saves steps 10 and 11 the way the media widgets would. */
async function completeMediaStepsByApi(token: string) {
  const headers = { authorization: `Bearer ${token}` };
  // A member who agreed to face matching (issue 42): the slot-1 check looks for the face.
  await agreeToFaceMatching(memberApi(baseUrl, token));
  // Slot 1 must show a face to the server's check (issue 20).
  const upload = await fetch(
    `${baseUrl}/api/uploadProfileImage?display_order=1&image_type=profile`,
    {
      method: 'POST',
      headers: { ...headers, 'content-type': 'image/jpeg' },
      body: new Uint8Array(facePhoto()),
    },
  );
  expect(upload.status).toBe(200);
  await submitVerificationVideo(baseUrl, token);
  for (const onboarded of [11, 12]) {
    const saved = await fetch(`${baseUrl}/api/auth/update-profile`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ onboarded }),
    });
    expect(saved.status).toBe(200);
  }
}

describe('onboarding', () => {
  it('a new member completes every step, recovering from a mistake on each', async () => {
    const context = await phoneContext(browser, baseUrl);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await joinWithReferral(page, baseUrl, 'priya88');
    const token = (await page.evaluate(() => localStorage.getItem('authToken')))!;

    // Step 0: date of birth. Someone turning 18 on the last day of this year is too young.
    await expectStep(page, "When's your birthday?");
    await screenshot(page, 'onboarding-00-birth-date');
    const newestYear = new Date().getUTCFullYear() - 18;
    await page.getByLabel('Month').selectOption('12');
    await page.getByLabel('Day').selectOption('31');
    await page.getByLabel('Year').selectOption(String(newestYear));
    await continueButton(page).click();
    await expectError(page, 'You must be at least 18 years old to use Bidboard.');
    await screenshot(page, 'onboarding-00-birth-date-error');
    await page.getByLabel('Month').selectOption('4');
    await page.getByLabel('Day').selectOption('12');
    await page.getByLabel('Year').selectOption('1994');
    await continueButton(page).click();

    // Step 1: postal code, formatted as typed, checked on blur, then looked up.
    await expectStep(page, "What's your postal code?");
    const postal = page.getByLabel('Postal code');
    await postal.pressSequentially('m5v2t6x');
    expect(await postal.inputValue()).toBe('M5V 2T6');
    await postal.fill('');
    await postal.pressSequentially('070');
    await postal.blur();
    await expectError(page, 'Postal code must be at least 5 characters');
    await screenshot(page, 'onboarding-01-postal-error');
    await postal.fill('00000');
    await continueButton(page).click();
    await expectError(page, 'Invalid postal code');
    await postal.fill('07030');
    await postal.blur();
    await page.getByRole('status').filter({ hasText: 'Hoboken, NJ' }).waitFor();
    await screenshot(page, 'onboarding-01-postal-confirmed');
    await postal.press('Enter');

    // Hoboken is in New Jersey: its Internet Dating Safety Act notice comes first (the
    // safety journey looks at its form).
    await expectStep(page, 'Safety notice for New Jersey members');
    await page.getByRole('button', { name: 'I have read this notice' }).click();

    // Step 2: gender; Continue without a choice asks for one.
    await expectStep(page, 'How do you identify?');
    await continueButton(page).click();
    await expectError(page, 'Please select your gender');
    await page.getByText('Female', { exact: true }).click();
    await screenshot(page, 'onboarding-02-gender');
    await continueButton(page).click();

    // Step 3: username: reserved, then taken, then a fresh one.
    await expectStep(page, 'Pick your username.');
    const username = page.getByLabel('Username');
    await username.fill('admin');
    await username.press('Enter');
    await expectError(page, 'This username is reserved and cannot be used');
    await username.fill('demo');
    await username.press('Enter');
    await expectError(page, 'Username is already taken');
    await screenshot(page, 'onboarding-03-username-error');
    const name = freshUsername('maya');
    await username.fill(name);
    await screenshot(page, 'onboarding-03-username');
    await username.press('Enter');

    // Step 4: here for dating? No skips the age range and seeking steps.
    await expectStep(page, 'Are you here for dating?');
    await continueButton(page).click();
    await expectError(page, 'Please choose Yes or No.');
    await page.getByText('No', { exact: true }).click();
    await screenshot(page, 'onboarding-04-dating');
    await continueButton(page).click();
    await expectStep(page, 'Share a favorite thing.');
    expect((await me(baseUrl, token)).onboarded).toBe(7);

    // A reload resumes at the same step; Back returns to the dating question, skipping 5 and 6.
    await page.reload();
    await expectStep(page, 'Share a favorite thing.');
    await page.getByRole('button', { name: 'Back' }).click();
    await expectStep(page, 'Are you here for dating?');
    expect(await page.getByRole('radio', { name: /^No/ }).isChecked()).toBe(true);
    await continueButton(page).click();

    // Steps 7 to 9: three favourite things, each category once.
    await expectStep(page, 'Share a favorite thing.');
    await continueButton(page).click();
    await expectError(page, 'Please select a favorite thing and provide an answer');
    await page.getByLabel('Category').selectOption('movie');
    await page.getByLabel('Your answer').fill('x');
    await continueButton(page).click();
    await expectError(page, 'Answer is too short');
    await page.getByLabel('Your answer').fill('The Grand Budapest Hotel');
    await screenshot(page, 'onboarding-07-favorite-1');
    await continueButton(page).click();

    await expectStep(page, 'Now a second favorite.');
    const categories = await page.getByLabel('Category').locator('option').allTextContents();
    expect(categories).not.toContain('Movie');
    await page.getByLabel('Category').selectOption('music');
    await page.getByLabel('Your answer').fill('A'.repeat(36));
    await continueButton(page).click();
    await expectError(page, 'Answer is too long');
    await screenshot(page, 'onboarding-08-favorite-2-error');
    await page.getByLabel('Your answer').fill('Khruangbin');
    await page.getByLabel('Your answer').press('Enter');

    await expectStep(page, 'And one more favorite.');
    await page.getByLabel('Category').selectOption('dish');
    await page.getByLabel('Your answer').fill('fucking tacos');
    await continueButton(page).click();
    await expectError(page, 'Invalid input');
    await screenshot(page, 'onboarding-09-favorite-3-error');
    await page.getByLabel('Your answer').fill('Spicy miso ramen');
    await continueButton(page).click();

    // Step 10: the profile photo belongs to the media feature; the journey stops here.
    await page.getByRole('region', { name: 'Profile photo' }).waitFor();
    const user = await me(baseUrl, token);
    expect(user.onboarded).toBe(10);
    expect(user.username).toBe(name);
    await screenshot(page, 'onboarding-10-profile-photo');

    await completeMediaStepsByApi(token);
    await page.reload();

    // Step 12: bio, 20 to 130 characters and the server's content check.
    await expectStep(page, 'Write a short bio.');
    const bio = page.getByLabel('Bio');
    await bio.fill('Hi there!');
    await bio.press('Enter');
    await expectError(page, 'Bio must be at least 20 characters');
    await bio.fill('Trail runner who thinks fuck it is a life plan');
    await bio.press('Enter');
    await expectError(page, 'Bio contains inappropriate content');
    await screenshot(page, 'onboarding-12-bio-error');
    await bio.fill('Trail runner, taco critic and weekend sourdough scientist.');
    await screenshot(page, 'onboarding-12-bio');
    await bio.press('Enter');

    // After the bio, the optional prompts screen (issue 44): the spec's steps keep their
    // numbers, and a member may skip it.
    await expectStep(page, 'Add a few prompts');
    await screenshot(page, 'onboarding-12-prompts');
    await page.getByRole('button', { name: 'Skip for now', exact: true }).click();

    // Step 13: SMS opt-in with the consent text, then the referral page.
    await expectStep(page, 'Want a text when it matters?');
    const sms = page.getByRole('switch', {
      name: 'I agree to account-notification texts. Msg & data rates may apply.',
    });
    await sms.click();
    expect(await sms.getAttribute('aria-checked')).toBe('true');
    await screenshot(page, 'onboarding-13-sms');
    await page.getByRole('button', { name: 'Finish' }).click();
    // The member joined through priya88's link, so the wizard hands them to her board and
    // forgets the stored referral.
    await page.waitForURL((url) => url.pathname === '/priya88');
    expect(await page.evaluate(() => localStorage.getItem('referralUsername'))).toBeNull();
    expect((await me(baseUrl, token)).onboarded).toBe(14);
    await page.goto('/referral');
    await heading(page, "You're all set! Now, earn tokens.").waitFor();
    await page.getByText('You have 3 invites.').waitFor();
    await screenshot(page, 'onboarding-14-referral');
    // The face model's warm-up (media feature) fetches a data: image that connect-src
    // refuses; that is reported to the media owner and left out of this journey's check.
    const cspErrors = errors.filter(
      (e) => /Content Security Policy/i.test(e) && !/data:application\/octet-stream/.test(e),
    );
    expect(cspErrors).toEqual([]);
    await context.close();
  });

  it('a member here for dating sets an age range and who they would like to meet', async () => {
    const context = await phoneContext(browser, baseUrl);
    const page = await context.newPage();
    await joinWithReferral(page, baseUrl, 'priya88');
    const token = (await page.evaluate(() => localStorage.getItem('authToken')))!;
    await page.getByLabel('Month').selectOption('9');
    await page.getByLabel('Day').selectOption('3');
    await page.getByLabel('Year').selectOption('1990');
    await continueButton(page).click();
    await page.getByLabel('Postal code').fill('m5v2t6');
    await page.getByLabel('Postal code').press('Enter');
    await page.getByText('Male', { exact: true }).click();
    await continueButton(page).click();
    await page.getByLabel('Username').fill(freshUsername('leo'));
    await page.getByLabel('Username').press('Enter');
    await page.getByText('Yes', { exact: true }).click();
    await continueButton(page).click();

    // Step 5: the range starts from the member's age (36: 31 to 41) and keeps a 2-year gap.
    await expectStep(page, 'What ages are you into?');
    const min = page.getByRole('slider', { name: 'Min age' });
    const max = page.getByRole('slider', { name: 'Max age' });
    expect(await min.getAttribute('aria-valuenow')).toBe('31');
    expect(await max.getAttribute('aria-valuenow')).toBe('41');
    await max.focus();
    await page.keyboard.press('End');
    expect(await max.getAttribute('aria-valuetext')).toBe('60+');
    await min.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
    await page.getByText('28 – 60+').waitFor();
    await screenshot(page, 'onboarding-05-age-range');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'onboarding-05-age-range-desktop');
    await continueButton(page).click();

    // Step 6: seeking gender.
    await expectStep(page, 'Who would you like to meet?');
    await continueButton(page).click();
    await expectError(page, 'Please select who you are looking for');
    await page.getByText('Everyone', { exact: true }).click();
    await screenshot(page, 'onboarding-06-seeking');
    await continueButton(page).click();
    await expectStep(page, 'Share a favorite thing.');
    const user = await me(baseUrl, token);
    expect(user.onboarded).toBe(7);
    await context.close();
  });

  it('a finished member sees the referral page with their invites', async () => {
    const context = await phoneContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Join / Sign In' }).click();
    await page.getByLabel('Phone number').fill('2015550100');
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page.getByText('Enter the code we sent.').waitFor();
    await page.getByLabel('Digit 1').click();
    await page.keyboard.type(await otpFromOutbox(baseUrl, '+12015550100'));
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/onboarding');
    await page.waitForURL('**/referral');
    await heading(page, "You're all set! Now, earn tokens.").waitFor();
    await page.getByText('You and your friend both get 250 tokens when they sign up.').waitFor();
    await screenshot(page, 'referral-phone');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'referral-desktop');
    await page.getByRole('button', { name: 'Enter Bidboard' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});
