// A voice answer, recorded and heard (issue 44): on a phone a Midtown member records a
// prompt's answer in Profile Settings with Chromium's fake microphone (a tone ffmpeg made),
// saves it, and a Brooklyn member finds her card on the Bid Board, moves to the prompt's
// slide and plays it: the card's audio element really plays (its 'playing' event fires and
// its time moves on). Screenshots at 390x844 and 1280x800.
// After Save the slot starts over from what the server kept (its key is the answer's id),
// so the saved answer's player, not a 'Saved' line, is what the speaker sees.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  cardPhotosLoaded,
  collectPageErrors,
  DESKTOP,
  launchChromium,
  openMainMenu,
  PHONE,
  screenshot,
  signedInContext,
} from '../support/browser';
import { seededPhone, signIn } from '../support/members';

const baseUrl = inject('baseUrl');
const SPEAKER_PHONE = seededPhone(1); // 'maya_rivers', Midtown 10001
const LISTENER_PHONE = seededPhone(3); // 'sky-ellis', Brooklyn 11211

type Browser = Awaited<ReturnType<typeof launchChromium>>;
let browser: Browser;
beforeAll(async () => {
  // Four seconds of a 440 Hz tone: what the fake microphone 'hears', looped.
  const wav = path.join(mkdtempSync(path.join(tmpdir(), 'voice-')), 'voice.wav');
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=4',
    '-ar',
    '48000',
    '-ac',
    '1',
    wav,
  ]);
  browser = await launchChromium([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${wav}`,
    '--autoplay-policy=no-user-gesture-required',
  ]);
});
afterAll(() => browser?.close());

async function openSettings(page: Page) {
  await openMainMenu(page);
  await page.getByRole('button', { name: 'Profile Settings' }).click();
  return page.getByRole('dialog', { name: 'Profile Settings' });
}

/** Moves a card's carousel slide by slide until its voice answer's play button shows. */
async function showVoiceSlide(card: Locator): Promise<Locator> {
  const play = card.getByRole('button', { name: /^Play the voice answer to/ });
  const dots = card.getByRole('button', { name: /^Slide \d+ of \d+$/ });
  const count = await dots.count();
  for (let index = 0; index < count; index++) {
    await dots.nth(index).click();
    if (await play.isVisible().catch(() => false)) return play;
  }
  await play.waitFor({ state: 'visible', timeout: 5_000 });
  return play;
}

describe('a voice answer on the card', () => {
  it('a member records a voice answer and another member plays it on her card', async () => {
    const speaker = await signIn(baseUrl, SPEAKER_PHONE);
    const listener = await signIn(baseUrl, LISTENER_PHONE);
    try {
      // The speaker records about two seconds and saves.
      const context = await signedInContext(browser, baseUrl, PHONE, speaker.token);
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await page.goto('/');
      await page.locator('article[data-auction-id]').first().waitFor();
      const settings = await openSettings(page);
      const slot = settings.locator('[data-prompt-slot="1"]');
      await slot.scrollIntoViewIfNeeded();
      await slot.getByRole('combobox', { name: 'Prompt 1' }).selectOption({ index: 1 });
      await slot.getByRole('button', { name: 'Record' }).click();
      await slot.getByRole('button', { name: 'Start recording' }).click();
      await slot.getByText(/Recording… \d+ s of 30/).waitFor();
      await page.waitForTimeout(2500);
      expect(await slot.getByRole('status').textContent()).toMatch(/Recording… [2-9] s of 30/);
      await screenshot(page, 'voice-01-recording');
      await slot.getByRole('button', { name: 'Stop' }).click();
      await slot.locator('audio.prompts-setting__preview').waitFor({ state: 'attached' });
      await slot.getByRole('button', { name: 'Save' }).click();
      await slot
        .getByRole('button', { name: /^Play the voice answer to/ })
        .or(slot.getByRole('alert'))
        .waitFor();
      expect(await slot.getByRole('alert').allTextContents()).toEqual([]);
      // What the server kept: one voice answer of about two seconds (ffprobe's reading).
      await expect
        .poll(async () => {
          const res = await fetch(`${baseUrl}/api/prompts`, {
            headers: { authorization: `Bearer ${speaker.token}` },
          });
          const body = (await res.json()) as {
            prompts: { slot: number; voice: { duration_ms: number } | null }[];
          };
          return body.prompts.find((p) => p.slot === 1)?.voice?.duration_ms ?? 0;
        })
        .toBeGreaterThan(1000);
      await settings.getByRole('button', { name: /^Play the voice answer to/ }).waitFor();
      await screenshot(page, 'voice-02-saved');
      expect(errors).toEqual([]);
      await context.close();

      // The listener, on a phone and then a desktop, finds the card and plays it.
      for (const [viewport, name] of [
        [PHONE, 'voice-03-played-on-card'],
        [DESKTOP, 'voice-04-played-on-card-desktop'],
      ] as const) {
        const wide = await signedInContext(browser, baseUrl, viewport, listener.token);
        const board = await wide.newPage();
        const boardErrors = collectPageErrors(board);
        await board.goto('/');
        await board.locator('article[data-auction-id]').first().waitFor();
        // The other journeys' members fill the board's first pages: she is found as a member
        // finds someone by name.
        await board.getByRole('button', { name: 'Search' }).click();
        await board.getByRole('searchbox', { name: 'Search by user name' }).fill('maya_rivers');
        const card = board.getByRole('article', { name: /maya_rivers/ }).first();
        await card.waitFor();
        // Centred, so the sticky countdown bar covers neither its dots nor its player.
        await card.evaluate((element) => element.scrollIntoView({ block: 'center' }));
        await cardPhotosLoaded(board);
        const play = await showVoiceSlide(card);
        const audio = card.locator('.voice-player audio');
        await audio.evaluate((element: HTMLAudioElement) => {
          element.addEventListener('playing', () => element.setAttribute('data-played', 'yes'));
        });
        // The board's cards above can still shift under the pointer as their photos come
        // in (a neighbour's photo then takes the tap): the play button gets its click
        // as an event, and the audio element is still what must really play. (Scrolling the
        // button itself into view also scrolled the carousel sideways, half a slide off.)
        await play.dispatchEvent('click');
        await expect.poll(() => audio.getAttribute('data-played'), { timeout: 10_000 }).toBe('yes');
        await expect
          .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), {
            timeout: 10_000,
          })
          .toBeGreaterThan(0.3);
        await card.getByRole('button', { name: 'Pause' }).waitFor();
        await screenshot(board, name);
        expect(boardErrors).toEqual([]);
        await wide.close();
      }
    } finally {
      await fetch(`${baseUrl}/api/prompts/1`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${speaker.token}` },
      });
    }
  });
});
