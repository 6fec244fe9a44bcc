// Bidboard in Canadian French (issue 47) on a phone whose browser asks for French: the
// sign-in, the onboarding steps of a member in Montreal, then the screens a member uses.
// On every screen: no English phrase of the web catalogues in the page's text or its
// accessible names, and no text cut or running off the screen (French runs ~20% longer).
// Screenshots of each screen land in e2e/screenshots/french-*.png.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  agreeToFaceMatching,
  me,
  memberApi,
  newPhoneDigits,
  otpFromOutbox,
  submitVerificationVideo,
} from '../support/api';
import { DESKTOP, launchChromium, PHONE, screenshot } from '../support/browser';
import { facePhoto } from '../support/faces';
import { cutText, englishOnPage } from '../support/french';
import { freshUsername, signIn } from '../support/members';

const baseUrl = inject('baseUrl');
let browser: Awaited<ReturnType<typeof launchChromium>>;
let context: BrowserContext;
beforeAll(async () => {
  browser = await launchChromium();
  context = await browser.newContext({
    baseURL: baseUrl,
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'fr-CA',
  });
});
afterAll(() => browser?.close());

const ADMIN_PHONE = '+12015550100'; // 'demo', an admin

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continuer' });

/** The screen is in French and fits: then its screenshot. */
async function looked(page: Page, name: string) {
  expect(await englishOnPage(page), `${name}: English on a French screen`).toEqual([]);
  expect(await cutText(page), `${name}: text cut or overflowing`).toEqual([]);
  await screenshot(page, `french-${name}`);
}

/** Saves the photo and the verification video as the media widgets would. */
async function completeMediaStepsByApi(token: string) {
  await agreeToFaceMatching(memberApi(baseUrl, token));
  const upload = await fetch(
    `${baseUrl}/api/uploadProfileImage?display_order=1&image_type=profile`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
      body: new Uint8Array(facePhoto()),
    },
  );
  expect(upload.status).toBe(200);
  await submitVerificationVideo(baseUrl, token);
}

async function saveStep(token: string, onboarded: number) {
  const saved = await fetch(`${baseUrl}/api/auth/update-profile`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ onboarded }),
  });
  expect(saved.status).toBe(200);
}

describe('Bidboard en français', () => {
  let page: Page;
  let token: string;

  it('signs in and goes through onboarding in French', async () => {
    page = await context.newPage();
    await page.goto('/auth?ref=marcusj');
    expect(await page.getAttribute('html', 'lang')).toBe('fr-CA');
    await looked(page, '00-pitch');
    await page.getByRole('button', { name: 'Adhérer / Se connecter' }).click();
    const digits = newPhoneDigits();
    await page.getByLabel('Numéro de téléphone').fill(digits);
    await looked(page, '01-phone');
    await page.getByRole('button', { name: 'Envoyer le code' }).click();
    await page.getByText('Entrez le code que nous avons envoyé.').waitFor();
    await looked(page, '02-code');
    await page.getByRole('textbox').first().click();
    await page.keyboard.type(await otpFromOutbox(baseUrl, `+1${digits}`));
    await page.waitForURL('**/onboarding');
    token = (await page.evaluate(() => localStorage.getItem('authToken')))!;

    await heading(page, 'Quelle est votre date de naissance?').waitFor();
    await continueButton(page).click();
    await page.getByRole('alert').waitFor();
    await looked(page, '10-birth-date-error');
    await page.getByLabel('Mois').selectOption('4');
    await page.getByLabel('Jour').selectOption('12');
    await page.getByLabel('Année').selectOption('1994');
    expect(await page.getByLabel('Mois').locator('option:checked').textContent()).toBe('avril');
    await looked(page, '10-birth-date');
    await continueButton(page).click();

    await heading(page, 'Quel est votre code postal?').waitFor();
    const postal = page.getByLabel('Code postal');
    await postal.pressSequentially('070');
    await postal.blur();
    await page.getByRole('alert').waitFor();
    await looked(page, '11-postal-error');
    await postal.fill('H2Y 1C6');
    await postal.blur();
    await page.getByRole('status').filter({ hasText: 'Montreal' }).waitFor();
    await looked(page, '11-postal');
    await postal.press('Enter');

    await heading(page, 'Comment vous identifiez-vous?').waitFor();
    await page.getByText('Non binaire', { exact: true }).click();
    await looked(page, '12-gender');
    await continueButton(page).click();

    await heading(page, 'Choisissez votre nom d’utilisateur.').waitFor();
    await page.getByLabel('Nom d’utilisateur').fill('demo');
    await page.getByLabel('Nom d’utilisateur').press('Enter');
    await page.getByRole('alert').waitFor();
    await looked(page, '13-username-taken');
    await page.getByLabel('Nom d’utilisateur').fill(freshUsername('camille'));
    await page.getByLabel('Nom d’utilisateur').press('Enter');

    await heading(page, 'Êtes-vous ici pour des rencontres?').waitFor();
    await page.getByText('Oui', { exact: true }).click();
    await looked(page, '14-dating');
    await continueButton(page).click();

    await heading(page, 'Quels âges vous intéressent?').waitFor();
    await looked(page, '15-age-range');
    await continueButton(page).click();

    await heading(page, 'Qui aimeriez-vous rencontrer?').waitFor();
    await page.getByText('Tout le monde', { exact: true }).click();
    await looked(page, '16-seeking');
    await continueButton(page).click();

    const favorites = [
      ['Parlez-nous d’un coup de cœur.', 'movie', 'Incendies'],
      ['Maintenant, un deuxième coup de cœur.', 'music', 'Les Cowboys Fringants'],
      ['Et un dernier coup de cœur.', 'dish', 'La poutine de chez Ma-Am-M Bolduc'],
    ] as const;
    for (const [index, [title, category, answer]] of favorites.entries()) {
      await heading(page, title).waitFor();
      await page.getByLabel('Catégorie').selectOption(category);
      await page.getByLabel('Votre réponse').fill(answer);
      await looked(page, `17-favorite-${index + 1}`);
      await continueButton(page).click();
    }

    await page.getByRole('region', { name: 'Photo de profil' }).waitFor();
    await heading(page, 'Ajoutez votre photo de profil').waitFor();
    await looked(page, '18-photo');
    await completeMediaStepsByApi(token);
    await saveStep(token, 11);
    await page.reload();
    await page.getByRole('region', { name: 'Vérification du visage' }).waitFor();
    await looked(page, '19-verification');
    await saveStep(token, 12);
    await page.reload();

    await heading(page, 'Écrivez une courte bio.').waitFor();
    await page.getByLabel('Bio').fill('Trop court');
    await page.getByLabel('Bio').press('Enter');
    await page.getByRole('alert').waitFor();
    await looked(page, '20-bio-error');
    await page
      .getByLabel('Bio')
      .fill('Cycliste du dimanche, amateur de bagels du Mile End et de festivals.');
    await page.getByLabel('Bio').press('Enter');

    await heading(page, 'Ajoutez quelques questions').waitFor();
    await looked(page, '21-prompts');
    await page.getByRole('button', { name: 'Passer pour l’instant', exact: true }).click();

    await heading(page, 'Un texto quand ça compte?').waitFor();
    await page.getByRole('switch').click();
    await looked(page, '22-sms');
    await page.getByRole('button', { name: 'Terminer' }).click();
    await page.waitForURL((url) => url.pathname !== '/onboarding');
    const member = await me(baseUrl, token);
    expect(member.onboarded).toBe(14);
    expect(member.language).toBe('fr-CA');
  });

  it('shows the board, Notification Settings and Your results in French, on a phone and a desktop', async () => {
    for (const [size, viewport] of [
      ['', PHONE],
      ['-desktop', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await page.getByRole('button', { name: 'Ouvrir le menu' }).waitFor();
      await looked(page, `30-board${size}`);
      await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
      await page
        .getByRole('link', { name: 'Paramètres des notifications' })
        .or(page.getByRole('button', { name: 'Paramètres des notifications' }))
        .click();
      const settings = page.getByRole('dialog', { name: 'Paramètres des notifications' });
      await settings.waitFor();
      await settings.getByRole('switch', { name: 'Notifications de mises' }).waitFor();
      await looked(page, `31-notifications${size}`);
      await page.keyboard.press('Escape');
      await settings.waitFor({ state: 'hidden' });
      await page.goto('/auctions/results');
      await heading(page, 'Vos résultats').waitFor();
      await page
        .getByText(
          'Quand une enchère sur laquelle vous avez misé se termine, son résultat s’affiche ici.',
        )
        .waitFor();
      await looked(page, `32-results${size}`);
    }
  });
  it('shows How It Works, the redemption screen and the 404 page in French, on a phone and a desktop', async () => {
    // Tokens redeemable for cash, as an admin credits them, so the redemption screen opens.
    const admin = await signIn(baseUrl, ADMIN_PHONE);
    const member = await me(baseUrl, token);
    await admin.call('/admin/tokens/adjustments', {
      body: {
        username: member.username,
        amount: 1250,
        redeemable: true,
        cash_cents: 1250,
        cash_reference: 'Virement 47',
        reason: 'Earnings credited by hand',
      },
    });
    for (const [size, viewport] of [
      ['', PHONE],
      ['-desktop', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
      await page
        .getByRole('link', { name: 'Comment ça marche' })
        .or(page.getByRole('button', { name: 'Comment ça marche' }))
        .click();
      const instructions = page.getByRole('dialog', { name: 'Comment ça marche' });
      await instructions.getByText(/Les mises ferment le jeudi à 20 h/).waitFor();
      await looked(page, `40-how-it-works${size}`);
      await page.keyboard.press('Escape');
      await instructions.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
      const claim = page.getByRole('button', { name: 'Réclamation quotidienne' });
      const buyRedeem = page.getByRole('button', { name: 'ACHETER/ÉCHANGER' });
      await claim.or(buyRedeem).first().waitFor();
      if (await claim.isVisible()) await claim.click();
      await buyRedeem.click();
      await page.getByRole('dialog', { name: 'Jetons' }).waitFor();
      await page.getByRole('button', { name: 'Échanger', exact: true }).click();
      const redeem = page.getByRole('dialog', { name: 'Échanger des jetons' });
      await redeem.getByText(/^Vous recevrez \(moins les frais\)/).waitFor();
      await redeem
        .getByLabel('Quelle est votre adresse courriel PayPal?')
        .fill('camille@exemple.ca');
      await looked(page, `41-redeem${size}`);
      await redeem.getByLabel('Jetons à échanger, chiffre 2').fill('0');
      await redeem.getByRole('alert').waitFor();
      await looked(page, `42-redeem-minimum${size}`);

      await page.goto('/page/inexistante');
      await heading(page, 'Page introuvable').waitFor();
      await looked(page, `43-not-found${size}`);
    }
  });
});
