// The admin console (issue 11) on a server where approval is done by people
// (AUTO_APPROVE=false, as in production): an admin approves a new member and their pending
// photo, handles a report by suspending the reported member, changes the daily claim
// amount and a member's next claim uses it, closes the period; a member deletes their
// account and their partner sees the deleted-user placeholder. axe finds nothing serious
// or critical on any console page, at 390x844 and at 1280x800.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/accessibility';
import { agreeToFaceMatching, me, memberApi, submitVerificationVideo } from '../support/api';
import {
  collectPageErrors,
  DESKTOP,
  launchChromium,
  PHONE,
  screenshot,
  signedInContext,
  sizedContext,
} from '../support/browser';
import { facePhoto } from '../support/faces';
import { joinWithReferral } from '../support/join';
import { bidOn, freshUsername, seededPhone, signIn } from '../support/members';
import { type RunningServer, startServer } from '../support/server';

const ADMIN_PHONE = '+12015550100'; // 'demo', the admin

type Browser = Awaited<ReturnType<typeof launchChromium>>;
let browser: Browser;
let server: RunningServer;
let baseUrl: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [browser, server] = await Promise.all([launchChromium(), startServer({ AUTO_APPROVE: 'false' })]);
  baseUrl = server.baseUrl;
}, 120_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.stop();
});

async function openAs(token: string, viewport: typeof PHONE, path: string): Promise<Page> {
  const context = await signedInContext(browser, baseUrl, viewport, token);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

/** Opens a phonePage section, waits for its heading, checks axe and takes the screenshot. */
async function visit(page: Page, path: string, heading: string, shot: string) {
  await page.goto(path);
  await page.getByRole('heading', { name: heading, level: 2 }).waitFor();
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page), `${path} (${shot})`).toEqual([]);
  await screenshot(page, shot);
}

// Onboarding steps 1-9 through the API, then the photo (step 10), then 11-14.
async function onboard(token: string) {
  const call = memberApi(baseUrl, token);
  const steps: Record<string, unknown>[] = [
    { birth_date: '1994-04-12' },
    { postal_code: '07030' },
    { gender: 'male' },
    { username: freshUsername('newbie') },
    { open_to_dating: false },
    { favorite_thing_1: 'movie', favorite_thing_1_answer: 'Amelie' },
    { favorite_thing_2: 'book', favorite_thing_2_answer: 'Dune' },
    { favorite_thing_3: 'hobby', favorite_thing_3_answer: 'Climbing' },
  ];
  for (const fields of steps) {
    const { onboarded } = await me(baseUrl, token);
    if (onboarded >= 10) break;
    await call('/auth/update-profile', { body: { ...fields, onboarded: onboarded + 1 } });
  }
  // A member who agreed to face matching (issue 42): the slot-1 check looks for the face.
  await agreeToFaceMatching(call);
  // Slot 1 must show a face to the server's check (issue 20).
  await call('/uploadProfileImage?display_order=1&image_type=profile', {
    body: new Uint8Array(facePhoto()),
    type: 'image/jpeg',
  });
  await submitVerificationVideo(baseUrl, token);
  for (const onboarded of [11, 12, 13, 14]) {
    await call('/auth/update-profile', {
      body:
        onboarded === 13
          ? { short_bio: 'New in town and keen to meet people.', onboarded }
          : { onboarded },
    });
  }
}

describe('admin console', () => {
  it('approves, reviews, suspends on a report, changes settings, closes the period', {
    timeout: 360_000,
  }, async () => {
    const admin = await signIn(baseUrl, ADMIN_PHONE);

    // A new member joins and finishes onboarding: waiting for approval, photo in review.
    const joinContext = await sizedContext(browser, baseUrl, PHONE);
    contexts.push(joinContext);
    const joinPage = await joinContext.newPage();
    const newbieToken = await joinWithReferral(joinPage, baseUrl, 'demo');
    await onboard(newbieToken);
    const newbie = await me(baseUrl, newbieToken);
    expect(newbie.onboarded).toBe(14);

    const phonePage = await openAs(admin.token, PHONE, '/admin');
    const errors = collectPageErrors(phonePage);
    await visit(phonePage, '/admin', 'Overview', '11a-overview-phone');

    // Members: the new member is waiting; the admin approves them.
    await visit(phonePage, '/admin/members?status=pending', 'Members', '11a-members-phone');
    await phonePage.getByRole('link', { name: new RegExp(newbie.username!) }).click();
    await phonePage.getByRole('heading', { name: newbie.username!, level: 2 }).waitFor();
    await phonePage.getByRole('img', { name: `Photo 1 of ${newbie.username}` }).waitFor();
    expect(await seriousViolations(phonePage)).toEqual([]);
    await screenshot(phonePage, '11a-member-profile-phone');
    await phonePage.getByRole('button', { name: 'Approve member' }).click();
    await phonePage.getByText('This member is approved.').waitFor();

    // Review queue: the new member's photo is waiting; the admin approves it.
    await visit(phonePage, '/admin/review', 'Review queue', '11a-review-phone');
    const photo = phonePage.getByRole('listitem', { name: `Photo 1 of ${newbie.username}` });
    await photo.getByRole('button', { name: 'Approve' }).click();
    await photo.waitFor({ state: 'detached' });
    const seen = (await admin.call(`/userProfileImages?userId=${newbie.id}`, {
      method: 'GET',
    })) as { data: unknown[] };
    expect(seen.data).toHaveLength(1);

    // A member reports another; the admin suspends the reported member from the queue.
    const [reporter, reported] = await Promise.all([
      signIn(baseUrl, seededPhone(1)),
      signIn(baseUrl, seededPhone(2)),
    ]);
    await reporter.call('/reports', {
      body: { user_id: reported.id, reason: 'scam_or_spam', text: 'Asked me for money' },
    });
    await visit(phonePage, '/admin/reports', 'Reports', '11a-reports-phone');
    const report = phonePage.getByRole('listitem', { name: `Report about ${reported.username}` });
    await report.getByText('Asked me for money').waitFor();
    await report.getByRole('button', { name: 'Suspend' }).click();
    await report.getByLabel(`Why suspend ${reported.username}?`, { exact: false }).fill('Scam');
    await screenshot(phonePage, '11a-report-suspend-phone');
    await report.getByRole('button', { name: `Suspend ${reported.username}` }).click();
    await phonePage.getByText('No open reports.').waitFor();
    const cut = await fetch(`${baseUrl}/api/auth/me`, {
      headers: { authorization: `Bearer ${reported.token}` },
    });
    expect(cut.status).toBe(401);

    // Settings on a desktop: the daily claim becomes 77 and the next claim pays 77.
    const desk = await openAs(admin.token, DESKTOP, '/admin');
    await visit(desk, '/admin', 'Overview', '11a-overview-desktop');
    await visit(desk, '/admin/settings', 'Settings', '11a-settings-desktop');
    await desk.getByLabel(/Daily claim amount/).fill('77');
    await desk.getByRole('button', { name: 'Save settings' }).click();
    await desk.getByText('Saved. Every server uses the new values now.').waitFor();
    const claimer = await signIn(baseUrl, seededPhone(3));
    const before = (await me(baseUrl, claimer.token)).tokenBalance;
    const claim = (await claimer.call('/claimTokens')) as { tokenBalance: number };
    expect(claim.tokenBalance).toBe(before + 77);

    // A bidder wins an owner's auction when the admin closes the period (with a confirm).
    const [bidder, owner] = await Promise.all([
      signIn(baseUrl, seededPhone(4)),
      signIn(baseUrl, seededPhone(5)),
    ]);
    await bidOn(bidder, owner);
    await visit(desk, '/admin/periods', 'Periods', '11a-periods-desktop');
    await desk.getByRole('button', { name: 'Close period now' }).click();
    const confirm = desk.getByRole('dialog', { name: /Close the open period now/ });
    await confirm.waitFor();
    await screenshot(desk, '11a-close-confirm-desktop');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await desk.getByText(/closed with \d+ connections/).waitFor();

    // The bidder deletes their account; the owner's connection card shows the placeholder.
    const ownerPage = await openAs(owner.token, PHONE, `/connections/${bidder.id}`);
    await ownerPage
      .locator('article.profile-card')
      .filter({ hasText: bidder.username })
      .first()
      .waitFor();
    await bidder.call('/account', { method: 'DELETE', body: { confirm: 'DELETE' } });
    await ownerPage.reload();
    await ownerPage
      .locator('article.profile-card')
      .filter({ hasText: 'Deleted user' })
      .first()
      .waitFor();
    await screenshot(ownerPage, '11a-partner-placeholder-phone');

    // Every one of those actions is in the audit log, newest first.
    await visit(desk, '/admin/audit', 'Audit log', '11a-audit-desktop');
    const log = (await admin.call('/admin/audit-log?limit=50', { method: 'GET' })) as {
      entries: { action: string }[];
    };
    const actions = log.entries.map((e) => e.action);
    for (const action of [
      'member.approve',
      'photo.approve',
      'report.suspend',
      'settings.update',
      'period.close',
    ]) {
      expect(actions).toContain(action);
    }

    // The remaining sections pass axe on both sizes.
    await visit(phonePage, '/admin/payouts', 'Payouts', '11a-payouts-phone');
    await visit(phonePage, '/admin/settings', 'Settings', '11a-settings-phone');
    await visit(phonePage, '/admin/periods', 'Periods', '11a-periods-phone');
    await visit(phonePage, '/admin/audit', 'Audit log', '11a-audit-phone');
    await visit(desk, '/admin/members', 'Members', '11a-members-desktop');
    await visit(desk, '/admin/reports', 'Reports', '11a-reports-desktop');
    await visit(desk, '/admin/review', 'Review queue', '11a-review-desktop');
    await visit(desk, '/admin/payouts', 'Payouts', '11a-payouts-desktop');
    await desk.goto(`/admin/members/${newbie.id}`);
    await desk.getByRole('heading', { name: newbie.username!, level: 2 }).waitFor();
    expect(await seriousViolations(desk)).toEqual([]);
    await screenshot(desk, '11a-member-profile-desktop');

    // A member opening /admin is told it is for admins.
    const memberPage = await openAs(claimer.token, PHONE, '/admin');
    await memberPage.getByRole('heading', { name: 'Admins only' }).waitFor();
    await screenshot(memberPage, '11a-admins-only-phone');

    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
  });
});
