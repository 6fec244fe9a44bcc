// axe-core (WCAG 2.2 and best practice) on a journey's screen. Only serious and
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
