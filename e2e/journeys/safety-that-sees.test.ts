// Safety that sees (issue 23), on a phone and a desktop. A member asks their match to
// move to WhatsApp: the composer holds the message with the question, they send it
// anyway, and the match sees it under a safety note. An image the nudity screening flags
// (the threshold set below a plain photo's score: no explicit image is ever used) reaches
// the match blurred with 'Tap to view' and 'Report', and a tap shows it. A member whose
// verification video shows someone else is flagged with the evidence in the review queue,
// riskiest first, and the admin resolves it there. The server's real models run it all.
import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../support/accessibility';
import { agreeToFaceMatching } from '../support/api';
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

// A 240x240 PNG without a face: a sky over a field.
const LANDSCAPE_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAPAAAADwBAMAAADMe/ShAAAAMFBMVEVemOZoneZlm+ZbluZimuZgmeZqnuY8kDI8mTI8hjI8izI8eTI8gjI8fTI8lTI8njJa6cEbAAAACXBIWXMAAAPoAAAD6AG1e1JrAAABXUlEQVR4nO3YsW2DYBRF4btCVsgKWSErZIXMQPUvQEFpyQvQeQIYwGyA5AHoGABZSv1oIx2a85VujmTZXPHydZEYpgQrnRjGhEtVhjHhUpVhTLhUZRgTLlUZxkSSJEnS//1cJIYpwUonhjHhUpVhTLhUZRiT74vEMCVY6cQwJlyqMowJl6oMY/J5kRimBCudGMaES1WGMeFSlWFMuFRlGBMuVRnG5OMiMUwJVjoxjAmXqgxjwqUqw5hwqcowJlyqMozJ70VimBKsdGIYEy5VGcaES1WGMZnv23TbX+OwPvpnO5b2XjrisxhuftXNH9fDv9PoA+TmI/PuSCzO4uEs9s7i4CzuzuLmLHbOom+LvS/mg6eI3ePL5rmp88DWPCk2j6irs/hyFidncXYW387i4Sz2zuLoLN6cxbuzuDiLi7P4dBZXZ3F3FjdnsXMWm7PYnMWHszg6i5OzOAOz+Afn+G4VJPw3rQAAAABJRU5ErkJggg==';

/** A PNG without a face. */
function landscape(): Buffer {
  return Buffer.from(LANDSCAPE_PNG, 'base64');
}

async function openChat(member: Member, viewport: typeof PHONE, cid: string) {
  const page = await browser.openAs(baseUrl, member, viewport, `/?chat=${cid}`);
  const csp = await watchCspViolations(page);
  return { page, csp };
}

async function submitVideo(member: Member, video: Buffer) {
  await agreeToFaceMatching(member.call);
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
    // The bubble, not the composer, which can still hold the words until the send answers.
    await senderView.getByTestId('virtuoso-item-list').getByText(text).waitFor();
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

    // The face rule (issue 20): a photo without a face in slot 3 cannot be made Main, and
    // the photo slots say so before anything is saved.
    await verifying.call('/uploadProfileImage?display_order=3&image_type=additional', {
      body: new Uint8Array(landscape()),
      type: 'image/png',
    });
    await expect
      .poll(
        async () => {
          const { data } = (await verifying.call('/userProfileImages?size=thumbnail', {
            method: 'GET',
          })) as { data: { display_order: number; face_check?: string }[] };
          return data.find((p) => p.display_order === 3)?.face_check;
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe('no_face');
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await browser.openAs(baseUrl, verifying, viewport, '/');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('button', { name: 'Profile Settings' }).click();
      const third = page.getByRole('button', { name: /^Photo 3/ });
      await third.waitFor();
      await page.getByText('No face found').waitFor();
      const box = (await third.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.waitForTimeout(1700);
      await page.mouse.up();
      await page.getByText('Rearrange Photos').waitFor();
      await third.click({ force: true });
      await page.getByRole('button', { name: /^Photo 1/ }).click({ force: true });
      const refusal = page.locator('.photo-slots__error');
      await refusal.waitFor();
      expect(await refusal.textContent()).toBe(
        'Only a photo that shows your face can be in the 1st spot',
      );
      // The photos wiggle in rearrange mode: never 'stable' for Playwright's own scrolling.
      await page.evaluate(() =>
        document.querySelector('.photo-slots')?.scrollIntoView({ block: 'center' }),
      );
      await screenshot(page, `safety-05-face-rule-${viewport === PHONE ? 'phone' : 'desktop'}`);
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
    await screenshot(adminPage, 'safety-06-face-mismatch-queue-desktop');
    const phoneAdmin = await browser.openAs(baseUrl, admin, PHONE, '/admin/review');
    const phoneEntry = phoneAdmin.getByRole('listitem', {
      name: `Verification video of ${verifying.username}`,
    });
    await phoneEntry.getByRole('img', { name: 'Video frame 1' }).waitFor();
    await phoneEntry.locator('.admin-evidence').scrollIntoViewIfNeeded();
    await screenshot(phoneAdmin, 'safety-07-face-mismatch-queue-phone');

    await entry.getByRole('button', { name: 'Reject' }).click();
    await entry.waitFor({ state: 'detached' });
    await screenshot(adminPage, 'safety-08-resolved-desktop');

    expect([...senderChat.csp, ...matchChat.csp, ...adminCsp]).toEqual([]);
  });
});
