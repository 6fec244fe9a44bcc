// axe-core (WCAG 2.2 and best practice) on a journey's screens. Only serious and
// critical findings fail, each with the elements it names so the failure says
// what to fix.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The serious and critical findings on the page, or inside `include` only. */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

export async function expectAccessible(page: Page, screen: string): Promise<void> {
  expect(await seriousViolations(page), screen).toEqual([]);
}

// A screen is its path, its width and the dialog open on it. A journey file checks
// each screen once: axe takes seconds on a loaded machine, and the card slides and
// later states of one screen share its markup.
const checked = new Set<string>();

export async function expectScreenAccessible(page: Page, name: string): Promise<void> {
  const screen = await page.evaluate(() => {
    const dialog = Array.from(
      document.querySelectorAll('[role="dialog"], [role="alertdialog"], dialog[open]'),
    )
      .filter(
        (d) => (d as HTMLElement).offsetParent !== null || getComputedStyle(d).position === 'fixed',
      )
      .map(
        (d) => d.getAttribute('aria-label') ?? d.querySelector('h1, h2')?.textContent ?? 'dialog',
      )
      .join(',');
    return `${location.pathname} ${window.innerWidth} ${dialog}`;
  });
  if (checked.has(screen)) return;
  checked.add(screen);
  await expectAccessible(page, `${name} (${screen})`);
}
