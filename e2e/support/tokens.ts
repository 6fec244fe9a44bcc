// The token screen as a member reaches it, and the card processor's hosted form inside it.
import type { FrameLocator, Page } from 'playwright-core';

/** The menu's token button: the day's claim first when it is offered, then BUY/REDEEM. */
export async function openTokens(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const claim = page.getByRole('button', { name: 'Daily Claim' });
  const buyRedeem = page.getByRole('button', { name: 'BUY/REDEEM' });
  await claim.or(buyRedeem).first().waitFor();
  if (await claim.isVisible()) await claim.click();
  await buyRedeem.click();
  await page.getByRole('dialog', { name: 'Tokens' }).waitFor();
}

export function hostedForm(page: Page): FrameLocator {
  return page.frameLocator('iframe[title="Secure card payment form"]');
}
