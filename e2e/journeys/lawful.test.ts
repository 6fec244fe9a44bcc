// Lawful to launch (issue 42). A member who lives in New Jersey signs up and reads the
// Internet Dating Safety Act notice, its screening statement in the prescribed form (bold
// capitals, at least 12 points); with their first connection the notice comes again, the
// chat carries the statement above the messages and its safety menu offers the notice.
// A member who agreed to face matching later withdraws it in the Privacy Center, their face
// measurements gone at once, and files a correction request the admins see with its due date.
// An admin deletes an account for scam from the console, after a confirmation; the member
// who had been writing with it is told, with the app open, never to send money.

import type { Locator } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  agreeToFaceMatching,
  me,
  memberApi,
  newPhoneDigits,
  otpFromOutbox,
  submitVerificationVideo,
} from '../support/api';
import { DESKTOP, journeyBrowser, openMainMenu, PHONE, screenshot } from '../support/browser';
import { facePhoto } from '../support/faces';
import {
  bidOn,
  connectionOf,
  freshUsername,
  type Member,
  seededPhone,
  signIn,
} from '../support/members';

const baseUrl = inject('baseUrl');
// The journey server's third admin, which the other journeys leave alone.
const ADMIN_PHONE = '+12015550120';
// A seeded member no other journey signs in: the referrer of this journey's members.
const REFERRER = 21;
const STATEMENT = 'BIDBOARD DOES NOT CONDUCT CRIMINAL BACKGROUND SCREENINGS ON ITS MEMBERS.';
// The scam notice (SCAM_NOTICE), as the member reads it.
const SCAM_NOTICE =
  'An account you exchanged messages with was removed for fraud or scam. Never send money, gift cards or codes to anyone you met on Bidboard. To report a member, open your chat with them and choose Block or report.';

const { openAs } = journeyBrowser();

/** 12 points are 16 CSS pixels; bold is a weight of 700 or more. */
async function expectPrescribedForm(statement: Locator) {
  const style = await statement.evaluate((node) => {
    const computed = getComputedStyle(node);
    return {
      size: Number.parseFloat(computed.fontSize),
      weight: Number(computed.fontWeight),
      text: node.textContent ?? '',
    };
  });
  expect(style.text).toBe(STATEMENT);
  expect(style.text).toBe(style.text.toUpperCase());
  expect(style.size).toBeGreaterThanOrEqual(16);
  expect(style.weight).toBeGreaterThanOrEqual(700);
}

/** Joins through the API the way the sign-in screen does; returns the new member. */
async function join(referrer: string): Promise<Member> {
  const phone = `+1${newPhoneDigits()}`;
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/auth/request-otp', { phone_number: phone });
  const otp = await otpFromOutbox(baseUrl, phone);
  const verified = await post('/auth/verify-otp', {
    phone_number: phone,
    otp,
    referred_by: referrer,
  });
  expect(verified.status).toBe(200);
  const { token } = (await verified.json()) as { token: string };
  const user = await me(baseUrl, token);
  return { token, id: user.id, username: user.username ?? '', call: memberApi(baseUrl, token) };
}

/** Saves the steps the member has not saved yet, the photo and video as the widgets would. */
async function finishOnboarding(member: Member, postal: string) {
  // Steps by index; No to dating skips 5 and 6.
  const steps: [number, Record<string, unknown>][] = [
    [0, { birth_date: '1993-05-20' }],
    [1, { postal_code: postal }],
    [2, { gender: 'female' }],
    [3, { username: freshUsername('law') }],
    [4, { open_to_dating: false }],
    [7, { favorite_thing_1: 'movie', favorite_thing_1_answer: 'Amelie' }],
    [8, { favorite_thing_2: 'book', favorite_thing_2_answer: 'Dune' }],
    [9, { favorite_thing_3: 'hobby', favorite_thing_3_answer: 'Climbing' }],
  ];
  for (const [step, fields] of steps) {
    const { onboarded } = await me(baseUrl, member.token);
    if (onboarded > step) continue;
    await member.call('/auth/update-profile', { body: { ...fields, onboarded: step + 1 } });
  }
  // A member who agreed to face matching (issue 42): the slot-1 check looks for the face.
  await agreeToFaceMatching(member.call);
  await member.call('/uploadProfileImage?display_order=1&image_type=profile', {
    body: new Uint8Array(facePhoto()),
    type: 'image/jpeg',
  });
  await submitVerificationVideo(baseUrl, member.token);
  for (const onboarded of [11, 12, 13, 14]) {
    await member.call('/auth/update-profile', {
      body:
        onboarded === 13
          ? { short_bio: 'Weekend hiker and a patient cook of slow sauces.', onboarded }
          : { onboarded },
    });
  }
  const user = await me(baseUrl, member.token);
  return { ...member, username: user.username! };
}

describe('lawful to launch', () => {
  it('a New Jersey member reads the safety notice at sign-up, with the first connection and in chat', {
    timeout: 300_000,
  }, async () => {
    const admin = await signIn(baseUrl, ADMIN_PHONE);
    const referrer = await signIn(baseUrl, seededPhone(REFERRER));

    // Sign-up on a phone: birth date, then a Hoboken postal code.
    const joined = await join(referrer.username);
    await joined.call('/auth/update-profile', { body: { birth_date: '1993-05-20', onboarded: 1 } });
    const page = await openAs(baseUrl, joined, PHONE, '/onboarding');
    await page.getByRole('heading', { name: "What's your postal code?" }).waitFor();
    await page.getByLabel('Postal code').fill('07030');
    await page.getByLabel('Postal code').blur();
    await page.getByRole('status').filter({ hasText: 'Hoboken, NJ' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();

    const notice = page.getByRole('region', { name: 'Safety notice for New Jersey members' });
    await notice.waitFor();
    await expectPrescribedForm(notice.getByText(STATEMENT));
    await notice
      .getByText(/New Jersey Internet Dating Safety Act \(N\.J\.S\.A\. 56:8-168/)
      .waitFor();
    await screenshot(page, 'lawful-01-signup-notice-phone');
    const wide = await openAs(baseUrl, joined, DESKTOP, '/onboarding');
    await wide.getByRole('region', { name: 'Safety notice for New Jersey members' }).waitFor();
    await screenshot(wide, 'lawful-01-signup-notice-desktop');
    await wide.close();

    await page.getByRole('button', { name: 'I have read this notice' }).click();
    await page.getByRole('heading', { name: 'How do you identify?' }).waitFor();
    // The sign-up pages that follow carry the statement too.
    await expectPrescribedForm(page.getByText(STATEMENT));
    await screenshot(page, 'lawful-02-signup-step-statement-phone');
    await page.close();
    const nj = await finishOnboarding(joined, '07030');

    // A member in Pennsylvania, where no notice is required, is the one she bids on.
    const owner = await finishOnboarding(await join(nj.username), '19103');
    await bidOn(nj, owner);
    await admin.call('/admin/periods/close-now');
    const connection = await connectionOf(owner, nj);
    await owner.call(`/connections/${connection.id}/status`, {
      method: 'PUT',
      body: { status: 'accepted' },
    });

    // The first connection: the notice at the top of the connections screen, once.
    const connections = await openAs(baseUrl, nj, DESKTOP, '/connections');
    const again = connections.getByRole('region', { name: 'Safety notice for New Jersey members' });
    await again.waitFor();
    await expectPrescribedForm(again.getByText(STATEMENT));
    await screenshot(connections, 'lawful-03-first-connection-notice-desktop');
    await connections.getByRole('button', { name: 'I have read this notice' }).click();
    await again.waitFor({ state: 'detached' });
    await connections.reload();
    await connections
      .getByRole('button', { name: `Chat with ${owner.username}` })
      .first()
      .waitFor();
    expect(await again.count()).toBe(0);

    // Chat: the statement above the messages, the notice in the safety menu.
    const chat = await openAs(baseUrl, nj, PHONE, '/connections');
    await chat
      .getByRole('button', { name: `Chat with ${owner.username}` })
      .first()
      .click();
    const view = chat.getByRole('region', { name: `Conversation with ${owner.username}` });
    await view.waitFor();
    await expectPrescribedForm(view.getByText(STATEMENT));
    await screenshot(chat, 'lawful-04-conversation-statement-phone');
    await view.getByRole('button', { name: `Block or report ${owner.username}` }).click();
    const menu = chat.getByRole('dialog', { name: owner.username });
    await menu.getByRole('button', { name: 'Safety notice' }).click();
    const inMenu = chat.getByRole('dialog', { name: 'Safety notice for New Jersey members' });
    await inMenu.getByText(STATEMENT).waitFor();
    await expectPrescribedForm(inMenu.getByText(STATEMENT));
    await screenshot(chat, 'lawful-05-chat-safety-menu-notice-phone');

    // The Pennsylvania member sees none of it.
    const other = await openAs(baseUrl, owner, PHONE, '/connections');
    await other
      .getByRole('button', { name: `Chat with ${nj.username}` })
      .first()
      .click();
    await other.getByRole('region', { name: `Conversation with ${nj.username}` }).waitFor();
    expect(await other.getByText(/CRIMINAL BACKGROUND/).count()).toBe(0);
  });

  it('a member withdraws face matching and asks for a correction in the Privacy Center', {
    timeout: 300_000,
  }, async () => {
    const admin = await signIn(baseUrl, ADMIN_PHONE);
    const referrer = await signIn(baseUrl, seededPhone(REFERRER));
    // Agrees to face matching before the video (finishOnboarding), in Hoboken.
    const member = await finishOnboarding(await join(referrer.username), '07030');
    const consent = async () =>
      (await member.call('/biometric-consent', { method: 'GET' })) as {
        decision: string;
        face_descriptions: number;
      };
    // The face match keeps the video's face description once the models have run.
    await expect
      .poll(async () => (await consent()).face_descriptions, { timeout: 180_000 })
      .toBeGreaterThan(0);

    // From the menu, with a browser that sends Global Privacy Control.
    const page = await openAs(baseUrl, member, PHONE, '/');
    await page.context().setExtraHTTPHeaders({ 'Sec-GPC': '1' });
    await openMainMenu(page);
    await page.getByRole('link', { name: 'Privacy Center' }).click();
    await page.getByRole('heading', { name: 'Privacy Center' }).waitFor();
    await page.getByText('Your browser sends Global Privacy Control.', { exact: false }).waitFor();
    await page
      .getByText('Bidboard never sells or shares your personal information', { exact: false })
      .waitFor();
    await screenshot(page, 'lawful-06-privacy-center-phone');

    // Withdrawing consent deletes every face measurement at once.
    await page.getByRole('button', { name: 'Withdraw consent' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await page
      .getByText('Your consent is withdrawn and your face measurements are deleted.')
      .waitFor();
    expect(await consent()).toMatchObject({ decision: 'withdrawn', face_descriptions: 0 });
    await screenshot(page, 'lawful-07-privacy-center-withdrawn-phone');

    // A correction request for what Profile Settings cannot change, due in 30 days.
    await page.getByLabel('What is wrong').selectOption('token_history');
    await page
      .getByLabel('What should it say?')
      .fill('A refund of 120 tokens on March 3 is missing.');
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByRole('status').filter({ hasText: 'Request sent. We answer by' }).waitFor();
    await page.getByText(/^Token history: sent .+, answered by .+/).waitFor();
    await page.getByRole('heading', { name: 'Your requests' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'lawful-08-privacy-request-phone');
    const { requests } = (await admin.call('/admin/privacy-requests', { method: 'GET' })) as {
      requests: { user_id: number; field: string; created_at: string; due_at: string }[];
    };
    const filed = requests.find((r) => r.user_id === member.id);
    expect(filed?.field).toBe('token_history');
    expect(Date.parse(filed!.due_at) - Date.parse(filed!.created_at)).toBe(30 * 86_400_000);
    const wide = await openAs(baseUrl, member, DESKTOP, '/privacy-center');
    await wide.getByRole('heading', { name: 'Your requests' }).waitFor();
    await screenshot(wide, 'lawful-09-privacy-center-desktop');
  });

  it('an admin deletes an account for scam in the console; the member it wrote to is told', {
    timeout: 300_000,
  }, async () => {
    const admin = await signIn(baseUrl, ADMIN_PHONE);
    const referrer = await signIn(baseUrl, seededPhone(REFERRER));
    // Two members in Pennsylvania: one bids on the other, they connect and write.
    const member = await finishOnboarding(await join(referrer.username), '19103');
    const scammer = await finishOnboarding(await join(member.username), '19103');
    await bidOn(scammer, member);
    await admin.call('/admin/periods/close-now');
    const connection = await connectionOf(member, scammer);
    await member.call(`/connections/${connection.id}/status`, {
      method: 'PUT',
      body: { status: 'accepted' },
    });
    const cid = [member.id, scammer.id].sort((a, b) => a - b).join('_');
    await scammer.call(`/chat/conversations/${cid}/messages`, {
      body: { text: 'Hi! Are you free this weekend?' },
    });
    await member.call(`/chat/conversations/${cid}/messages`, {
      body: { text: 'Maybe Saturday.' },
    });

    // The member has the app open on a phone while the admin acts.
    const app = await openAs(baseUrl, member, PHONE, '/');
    await app.getByRole('button', { name: 'Open menu' }).waitFor();

    // The admin, in the console's member page, deletes the account for fraud or scam.
    const deleteFor = async (page: Awaited<ReturnType<typeof openAs>>) => {
      await page.getByRole('heading', { name: scammer.username, level: 2 }).waitFor();
      const reason = page.getByLabel(/^Reason for deleting the account/);
      const form = page.locator('form').filter({ has: reason });
      await form.getByLabel('Removed for').selectOption('fraud_or_scam');
      await reason.fill('Asked members for gift cards');
      await form.getByRole('button', { name: 'Delete account' }).click();
      const confirm = page.getByRole('dialog', {
        name: `Delete ${scammer.username}'s account? This cannot be undone.`,
      });
      await confirm
        .getByText('Everyone who exchanged messages with them in the last 30 days is told.')
        .waitFor();
      return confirm;
    };
    const phoneConsole = await openAs(baseUrl, admin, PHONE, `/admin/members/${scammer.id}`);
    const asked = await deleteFor(phoneConsole);
    await screenshot(phoneConsole, 'lawful-10-admin-delete-confirm-phone');
    // No leaves the account as it was.
    await asked.getByRole('button', { name: 'No' }).click();
    await asked.waitFor({ state: 'detached' });
    expect((await me(baseUrl, scammer.token)).id).toBe(scammer.id);
    await phoneConsole.close();

    const deskConsole = await openAs(baseUrl, admin, DESKTOP, `/admin/members/${scammer.id}`);
    const confirm = await deleteFor(deskConsole);
    await screenshot(deskConsole, 'lawful-11-admin-delete-confirm-desktop');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await deskConsole.getByRole('heading', { name: 'Account deletion' }).waitFor({
      state: 'detached',
    });
    await screenshot(deskConsole, 'lawful-12-admin-deleted-desktop');
    const signedOut = await fetch(`${baseUrl}/api/auth/me`, {
      headers: { authorization: `Bearer ${scammer.token}` },
    });
    expect(signedOut.status).toBe(401);

    // The member's alerts say an account they talked to was removed, live, naming nobody:
    // the bell comes up on the screen already open.
    const bell = app.getByRole('button', { name: /^Alerts \(\d+ unread\)$/ });
    await bell.waitFor({ timeout: 60_000 });
    await bell.click();
    const alerts = app.getByRole('dialog', { name: 'Alerts' });
    const notice = alerts.getByText(SCAM_NOTICE);
    await notice.waitFor();
    const row = alerts.getByRole('listitem').filter({ hasText: SCAM_NOTICE });
    expect(await row.textContent()).not.toContain(scammer.username);
    await screenshot(app, 'lawful-13-scam-notice-phone');
    const wide = await openAs(baseUrl, member, DESKTOP, '/');
    await openMainMenu(wide);
    await wide
      .getByRole('dialog', { name: 'Menu' })
      .getByRole('button', { name: /^Alerts/ })
      .click();
    await wide.getByRole('dialog', { name: 'Alerts' }).getByText(SCAM_NOTICE).waitFor();
    await screenshot(wide, 'lawful-14-scam-notice-desktop');
  });
});
