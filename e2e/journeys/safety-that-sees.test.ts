// Safety that sees (issue 23), on a phone and a desktop. A member asks their match to
// move to WhatsApp: the composer holds the message with the question, they send it
// anyway, and the match sees it under a safety note. An image the nudity screening flags
// (the threshold set below a plain photo's score: no explicit image is ever used) reaches
// the match blurred with 'Tap to view' and 'Report', and a tap shows it. A member whose
// verification video shows someone else is flagged with the evidence in the review queue,
// riskiest first, and the admin resolves it there. The server's real models run it all.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, journeyBrowser, PHONE, screenshot, watchCspViolations } from '../support/browser';
import { faceVideo, otherFacePhoto } from '../support/faces';
import { bidOn, connectionOf, type Member, seededPhone, signIn } from '../support/members';

const baseUrl = inject('baseUrl');
// Seeded members no other journey signs in (a phone gets 5 codes in 15 minutes); 20 is an
// admin on the journey server.
const SENDER = seededPhone(10);
const MATCH = seededPhone(11);
const VERIFYING = seededPhone(12);
const ADMIN = seededPhone(20);

const browser = journeyBrowser();

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`);
}

async function openChat(member: Member, viewport: typeof PHONE, cid: string) {
  const page = await browser.openAs(baseUrl, member, viewport, `/?chat=${cid}`);
  const csp = await watchCspViolations(page);
  return { page, csp };
}

async function submitVideo(member: Member, video: Buffer) {
  const { uploadUrl, key } = (await member.call(
    '/getPresignedUploadUrl?fileType=video&contentType=video%2Fwebm',
    { method: 'GET' },
  )) as { uploadUrl: string; key: string };
  const put = await fetch(new URL(uploadUrl, baseUrl), {
    method: 'PUT',
    headers: { 'content-type': 'video/webm' },
    body: new Uint8Array(video),
  });
  expect(put.status).toBe(200);
  await member.call('/uploadVerificationVideo', { body: { file_name: key } });
}

describe('safety that sees', () => {
  it('holds a scam message, blurs a flagged image, and lets an admin resolve a face mismatch', {
    timeout: 240_000,
  }, async () => {
    const [admin, sender, match, verifying] = (await Promise.all(
      [ADMIN, SENDER, MATCH, VERIFYING].map((phone) => signIn(baseUrl, phone)),
    )) as [Member, Member, Member, Member];
    // The sender won the match's auction and the match accepted.
    await bidOn(sender, match, 40);
    await admin.call('/admin/periods/close-now');
    const connection = await connectionOf(match, sender);
    await match.call(`/connections/${connection.id}/status`, {
      method: 'PUT',
      body: { status: 'accepted' },
    });
    const { cid } = (await sender.call('/chat/conversations', {
      body: { partnerId: match.id },
    })) as { cid: string };

    // The verification whose face is not the main photo's: its face match runs while the
    // chat goes on.
    await verifying.call('/uploadProfileImage?display_order=1&image_type=profile', {
      body: new Uint8Array(otherFacePhoto()),
      type: 'image/jpeg',
    });
    await submitVideo(verifying, faceVideo());

    // The scam guard: held with the question on the sender's phone, sent anyway.
    const senderChat = await openChat(sender, PHONE, cid);
    const matchChat = await openChat(match, DESKTOP, cid);
    const senderView = senderChat.page.getByRole('region', {
      name: `Conversation with ${match.username}`,
    });
    const matchView = matchChat.page.getByRole('region', {
      name: `Conversation with ${sender.username}`,
    });
    const text = 'Text me on WhatsApp, five five five 201 7788';
    const input = senderView.getByRole('textbox', { name: 'Message' });
    await input.fill(text);
    await input.press('Enter');
    const question = senderView.getByRole('alertdialog');
    await question.getByText('Keep chats and payments on Bidboard. Send anyway?').waitFor();
    expect(await seriousViolations(senderChat.page)).toEqual([]);
    await screenshot(senderChat.page, 'safety-01-scam-question-phone');
    await question.getByRole('button', { name: 'Send anyway' }).click();
    await senderView.getByText(text).waitFor();
    await question.waitFor({ state: 'detached' });

    // The match sees it under the safety note.
    await matchView.getByText(text).waitFor();
    const note = matchView.getByRole('note');
    await note.waitFor();
    expect(await note.textContent()).toContain('this message asks to talk or pay outside Bidboard');
    expect(await seriousViolations(matchChat.page)).toEqual([]);
    await screenshot(matchChat.page, 'safety-02-safety-note-desktop');

    // A flagged image: blurred with 'Tap to view' and 'Report' until tapped.
    await admin.call('/admin/settings', { method: 'PUT', body: { nudity_threshold: 0.000001 } });
    try {
      await senderView.getByTestId('chat-image-input').setInputFiles({
        name: 'portrait.jpg',
        mimeType: 'image/jpeg',
        buffer: otherFacePhoto(),
      });
      // The sender sees their own image at once.
      await senderView.locator('img.chat-bubble__image').waitFor();
      const reveal = matchView.getByRole('button', { name: /Tap to view/ });
      await reveal.waitFor({ timeout: 60_000 });
      await matchView.getByRole('button', { name: 'Report', exact: true }).waitFor();
      await matchChat.page.waitForFunction(() =>
        Array.from(document.querySelectorAll<HTMLImageElement>('.chat-flagged__blur')).every(
          (img) => img.complete && img.naturalWidth > 0,
        ),
      );
      expect(await seriousViolations(matchChat.page)).toEqual([]);
      await screenshot(matchChat.page, 'safety-03-blurred-image-desktop');
      await reveal.click();
      await matchView.locator('img.chat-bubble__image:not(.chat-flagged__blur)').waitFor();
      await matchChat.page.waitForFunction(() =>
        Array.from(document.querySelectorAll<HTMLImageElement>('img.chat-bubble__image')).every(
          (img) => img.complete && img.naturalWidth > 0,
        ),
      );
      await screenshot(matchChat.page, 'safety-04-image-revealed-desktop');
    } finally {
      await admin.call('/admin/settings', { method: 'PUT', body: { nudity_threshold: 0.8 } });
    }

    // The review queue: the mismatch first, with the frames beside the main photo.
    const adminPage = await browser.openAs(baseUrl, admin, DESKTOP, '/admin/review');
    const adminCsp = await watchCspViolations(adminPage);
    const entry = adminPage.getByRole('listitem', {
      name: `Verification video of ${verifying.username}`,
    });
    await expect
      .poll(
        async () => {
          if (await entry.getByText(/Face does not match the main photo/).count()) return true;
          await adminPage.reload();
          return false;
        },
        { timeout: 90_000, interval: 2000 },
      )
      .toBe(true);
    await entry.getByRole('img', { name: 'Video frame 3' }).waitFor();
    await adminPage.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('.admin-evidence img')).every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    const first = adminPage
      .getByRole('listitem')
      .filter({ has: adminPage.locator('.admin-media__view') })
      .first();
    expect(await first.getAttribute('aria-label')).toBe(
      `Verification video of ${verifying.username}`,
    );
    expect(await seriousViolations(adminPage)).toEqual([]);
    await screenshot(adminPage, 'safety-05-face-mismatch-queue-desktop');
    const phoneAdmin = await browser.openAs(baseUrl, admin, PHONE, '/admin/review');
    const phoneEntry = phoneAdmin.getByRole('listitem', {
      name: `Verification video of ${verifying.username}`,
    });
    await phoneEntry.getByRole('img', { name: 'Video frame 1' }).waitFor();
    await phoneEntry.locator('.admin-evidence').scrollIntoViewIfNeeded();
    await screenshot(phoneAdmin, 'safety-06-face-mismatch-queue-phone');

    await entry.getByRole('button', { name: 'Reject' }).click();
    await entry.waitFor({ state: 'detached' });
    await screenshot(adminPage, 'safety-07-resolved-desktop');

    expect([...senderChat.csp, ...matchChat.csp, ...adminCsp]).toEqual([]);
  });
});
