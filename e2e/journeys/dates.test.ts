// From match to a first date (issue 45; product rules, Dates). Two matched members plan a
// date in their chat: the bidder proposes on a phone, the owner accepts live on a desktop
// and the header counts down. The owner shares it with a trusted contact: the link comes
// in a text (the SMS adapter's outbox), and the contact opens it in a third browser,
// signed in as nobody, where only the date's allowed facts are. On a server of its own
// whose clock the journey moves (DEV_CLOCK), the evening of the date comes: both are asked
// 'Are you OK?', the owner says 'I'm safe' and the contact's page says so; the next
// morning both say they met (and each is asked in their alerts), and a bidder sees
// 'Showed up to 1 of 1 date' on the owner's card.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/accessibility';
import { moveServerClock, textTo } from '../support/api';
import { cardPhotosLoaded, DESKTOP, journeyBrowser, PHONE, screenshot } from '../support/browser';
import { bidOn, connectionOf, type Member, seededPhone, signIn } from '../support/members';
import { type RunningServer, startServer } from '../support/server';

const ZONE = 'America/New_York';
const ADMIN_PHONE = '+12015550117'; // an admin on the journey servers
const CONTACT_DIGITS = '2125550147'; // the trusted contact, who has no account
const CONTACT_PHONE = `+1${CONTACT_DIGITS}`;
const PLACE = 'Café Olimpico, 124 Rue Saint-Viateur O';
const NOTE = 'I will wear a green scarf';
const CHECK_IN_DELAY_MS = 2 * 60 * 60_000; // the setting's default
const MET_QUESTION_AFTER_MIDNIGHT_MS = 10 * 60 * 60_000;

const browser = journeyBrowser();
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ DEV_CLOCK: 'true' });
});
afterAll(async () => {
  await server?.stop();
});

/**
 * Journey screenshots also go to SHOTS_DIR (the folder) for review, each state at
 * both widths: the page is shot at its own size, then at the other one, and given back
 * its size.
 */
async function shot(page: Page, name: string) {
  await screenshot(page, `dates-${name}`);
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const own = page.viewportSize() ?? PHONE;
  const state = name.replace(/-(phone|desktop)$/, '');
  for (const size of own.width === PHONE.width ? [PHONE, DESKTOP] : [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.screenshot({
      path: `${dir}/${state}-${size.width}x${size.height}.png`,
      animations: 'disabled',
    });
  }
  await page.setViewportSize(own);
}

/** The date panel's own check: the chat dialog's screen is checked once per width. */
async function expectPanelAccessible(page: Page, state: string) {
  expect(await seriousViolations(page, '.date-panel'), state).toEqual([]);
}

/** The day after `ms` in New York, as the date input takes it (YYYY-MM-DD). */
function dayAfter(ms: number): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(ms + 24 * 60 * 60_000);
}

interface Plan {
  id: number;
  startsAt: string;
  dayEndsAt: string;
  state: string;
  checkIn: string | null;
}

async function newestPlan(member: Member, cid: string): Promise<Plan> {
  const { plans } = (await member.call(`/chat/conversations/${cid}/dates`, {
    method: 'GET',
  })) as { plans: Plan[] };
  return plans[0]!;
}

/**
 * The member's browser lives at the server's moved time too (the cards read the clock):
 * Date is fixed there, the page's timers keep running.
 */
async function liveAt(context: BrowserContext, at: Date) {
  await context.clock.setFixedTime(at);
}

describe('a first date', () => {
  it('plan in chat, share with a contact, check in, and both say they met the next day', async () => {
    const baseUrl = server.baseUrl;
    const admin = await signIn(baseUrl, ADMIN_PHONE);
    const [bidder, owner, viewer] = await Promise.all(
      [14, 15, 16].map((n) => signIn(baseUrl, seededPhone(n))),
    );
    await bidOn(bidder!, owner!, 120);
    await admin.call('/admin/periods/close-now');
    const connection = await connectionOf(owner!, bidder!);
    await owner!.call(`/connections/${connection.id}/status`, {
      method: 'PUT',
      body: { status: 'accepted' },
    });
    const { cid } = (await bidder!.call('/chat/conversations', {
      body: { partnerId: owner!.id },
    })) as { cid: string };
    await bidder!.call(`/chat/conversations/${cid}/messages`, { body: { text: 'Hi!' } });
    await owner!.call(`/chat/conversations/${cid}/messages`, { body: { text: 'Hello!' } });

    const zone = { timezoneId: ZONE };
    const bidderContext = await browser.newContext(baseUrl, PHONE, bidder!.token, zone);
    const ownerContext = await browser.newContext(baseUrl, DESKTOP, owner!.token, zone);
    for (const c of [bidderContext, ownerContext]) c.setDefaultTimeout(30_000);
    const bidderPage = await bidderContext.newPage();
    const ownerPage = await ownerContext.newPage();
    await bidderPage.goto(`/?chat=${cid}`);
    await ownerPage.goto(`/?chat=${cid}`);
    const bidderView = bidderPage.getByRole('region', {
      name: `Conversation with ${owner!.username}`,
    });
    const ownerView = ownerPage.getByRole('region', {
      name: `Conversation with ${bidder!.username}`,
    });
    const bidderPanel = bidderView.getByRole('region', { name: 'Date plans' });
    const ownerPanel = ownerView.getByRole('region', { name: 'Date plans' });

    // The bidder proposes tomorrow evening, in New York time.
    const day = dayAfter(Date.now());
    await bidderPanel.getByRole('button', { name: 'Plan a date' }).click();
    const form = bidderPanel.getByRole('form', { name: 'Plan a date' });
    await form.getByText('Times are in your time zone (America/New_York).').waitFor();
    await form.getByLabel('Day').fill(day);
    await form.getByLabel('Time').fill('19:30');
    await form.getByLabel('Place').fill(PLACE);
    await form.getByLabel('Note (optional)').fill(NOTE);
    await shot(bidderPage, 'bidder-plan-form-phone');
    await expectPanelAccessible(bidderPage, 'the plan form');
    await form.getByRole('button', { name: 'Send proposal' }).click();
    await bidderPanel
      .getByText(`You proposed a date. Waiting for ${owner!.username}’s answer.`)
      .waitFor();
    await shot(bidderPage, 'bidder-proposed-phone');

    // The owner sees it arrive live and accepts; both headers count down.
    await ownerPanel.getByText(`${bidder!.username} proposed a date.`).waitFor();
    await ownerPanel.getByText(PLACE).waitFor();
    await shot(ownerPage, 'owner-proposal-desktop');
    await expectPanelAccessible(ownerPage, 'a proposal to answer');
    await ownerPanel.getByRole('button', { name: 'Accept' }).click();
    await ownerPanel.getByText('Date planned').waitFor();
    await ownerView
      .getByRole('timer')
      .filter({ hasText: /^Date in / })
      .waitFor();
    await bidderPanel.getByText('Date planned').waitFor();
    await bidderView
      .getByRole('timer')
      .filter({ hasText: /^Date in / })
      .waitFor();
    await bidderPanel.getByRole('button', { name: 'Add to calendar (.ics)' }).waitFor();
    await shot(bidderPage, 'bidder-accepted-phone');
    const plan = await newestPlan(owner!, cid);
    expect(plan.state).toBe('accepted');

    // The owner shares it with a trusted contact.
    await ownerPanel.getByRole('button', { name: 'Share My Date' }).click();
    const share = ownerPanel.getByRole('form', { name: 'Share My Date' });
    await share.getByLabel('Trusted contact’s phone number').fill(CONTACT_DIGITS);
    await shot(ownerPage, 'owner-share-form-desktop');
    await expectPanelAccessible(ownerPage, 'the share form');
    await share.getByRole('button', { name: 'Text the link' }).click();
    await ownerPanel.getByText(/^Shared with the number ending in 0147 until /).waitFor();
    await shot(ownerPage, 'owner-shared-desktop');
    await expectPanelAccessible(ownerPage, 'a shared date');

    // The contact's text carries the link; they open it in a browser of their own.
    const text = await textTo(baseUrl, CONTACT_PHONE);
    const link = /https?:\/\/\S+\/shared-date\/[A-Za-z0-9_-]+/.exec(text)?.[0];
    expect(link, text).toBeDefined();
    expect(text).toContain(owner!.username);
    const token = link!.split('/').at(-1)!;
    // The page's data is exactly the allowed fields: the partner's username, first photo
    // and age, when and where, the check-in, the link's end.
    const data = (await (await fetch(`${baseUrl}/api/shared-dates/${token}`)).json()) as {
      date: Record<string, unknown> & { partner: Record<string, unknown> };
    };
    expect(Object.keys(data.date).sort()).toEqual(
      ['checkIn', 'expiresAt', 'partner', 'place', 'startsAt', 'timeZone'].sort(),
    );
    expect(Object.keys(data.date.partner).sort()).toEqual(['age', 'photo', 'username']);
    expect(data.date.partner.username).toBe(bidder!.username);

    const contactPage = await (await browser.newContext(baseUrl, PHONE, undefined, zone)).newPage();
    contactPage.setDefaultTimeout(30_000);
    await contactPage.goto(link!);
    const sharedPage = contactPage.getByRole('region', { name: 'A date shared with you' });
    await sharedPage.getByText(bidder!.username).waitFor();
    await sharedPage.getByText(/^\d+ years old$/).waitFor();
    await sharedPage.getByText(PLACE).waitFor();
    await sharedPage.getByText('Not asked yet').waitFor();
    await contactPage.waitForFunction(() =>
      Array.from(document.images).every((img) => img.complete && img.naturalWidth > 0),
    );
    // Nothing else of either member: not the sharer's name, not the plan's note, one photo.
    const pageText = await contactPage.locator('main').textContent();
    expect(pageText).not.toContain(owner!.username);
    expect(pageText).not.toContain(NOTE);
    expect(await contactPage.locator('main img').count()).toBe(1);
    await shot(contactPage, 'contact-shared-page-phone');
    const contactDesk = await (
      await browser.newContext(baseUrl, DESKTOP, undefined, zone)
    ).newPage();
    await contactDesk.goto(link!);
    await contactDesk.getByText('Not asked yet').waitFor();
    await shot(contactDesk, 'contact-shared-page-desktop');

    // The evening of the date: the check-in's time comes (the sweeper runs every minute).
    const evening = await moveServerClock(
      baseUrl,
      new Date(Date.parse(plan.startsAt) + CHECK_IN_DELAY_MS + 60_000),
    );
    // The sweeper asks within a minute.
    await expect
      .poll(async () => (await newestPlan(owner!, cid)).checkIn, {
        timeout: 90_000,
        interval: 2_000,
      })
      .toBe('asked');
    await liveAt(bidderContext, evening);
    await liveAt(ownerContext, evening);
    await bidderPage.goto(`/?chat=${cid}`);
    await ownerPage.goto(`/?chat=${cid}`);
    await ownerPanel.getByText('Are you OK?').waitFor();
    await bidderPanel.getByText('Are you OK?').waitFor();
    await bidderPanel
      .getByText('Bidboard does not call emergency services. If you are in danger, call 911.')
      .waitFor();
    await shot(bidderPage, 'bidder-check-in-phone');
    await shot(ownerPage, 'owner-check-in-desktop');
    await expectPanelAccessible(ownerPage, 'the check-in');
    await ownerPanel.getByRole('button', { name: 'I’m safe' }).click();
    await ownerPanel.getByText('You said you’re safe.').waitFor();
    await bidderPanel.getByRole('button', { name: 'I’m safe' }).click();
    await bidderPanel.getByText('You said you’re safe.').waitFor();
    // The contact's page reads the date again every minute; a reload shows it at once.
    await contactPage.reload();
    await sharedPage.getByText('Said they’re safe').waitFor();
    await shot(contactPage, 'contact-safe-phone');

    // The next morning both are asked whether the date happened, and both say they met.
    const morning = await moveServerClock(
      baseUrl,
      new Date(Date.parse(plan.dayEndsAt) + MET_QUESTION_AFTER_MIDNIGHT_MS + 5 * 60_000),
    );
    await liveAt(bidderContext, morning);
    await liveAt(ownerContext, morning);
    await bidderPage.goto(`/?chat=${cid}`);
    await ownerPage.goto(`/?chat=${cid}`);
    await bidderPanel.getByText(`Did your date with ${owner!.username} happen?`).waitFor();
    await ownerPanel.getByText(`Did your date with ${bidder!.username} happen?`).waitFor();
    await shot(bidderPage, 'bidder-did-you-meet-phone');
    await shot(ownerPage, 'owner-did-you-meet-desktop');
    await expectPanelAccessible(bidderPage, 'did you meet');
    await bidderPanel.getByRole('button', { name: 'We met' }).click();
    await bidderPanel.getByText('You said you met.').waitFor();
    await ownerPanel.getByRole('button', { name: 'We met' }).click();
    await ownerPanel.getByText('You said you met.').waitFor();
    await shot(ownerPage, 'owner-met-desktop');
    // The morning's sweep also asked each of them in their alerts.
    await expect
      .poll(
        async () =>
          (
            (await bidder!.call('/alerts', { method: 'GET' })) as {
              alerts: { kind: string }[];
            }
          ).alerts.some((a) => a.kind === 'date_did_you_meet'),
        { timeout: 90_000, interval: 2_000 },
      )
      .toBe(true);

    // The owner's follow-through, where a bidder sees it: on the owner's card on the board
    // (the card's profile data carries it; the auction rows do not).
    const viewerContext = await browser.newContext(baseUrl, PHONE, viewer!.token, zone);
    await liveAt(viewerContext, morning);
    const viewerPage = await viewerContext.newPage();
    await viewerPage.goto(`/${owner!.username}`);
    const card = viewerPage.locator('article').filter({ hasText: owner!.username }).first();
    await card.getByText('Showed up to 1 of 1 date').waitFor();
    await cardPhotosLoaded(viewerPage);
    await shot(viewerPage, 'viewer-follow-through-phone');
  }, 480_000);
});
