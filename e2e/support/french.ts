// Checks for a screen in Canadian French (issue 47): no English left on it, nothing cut.
// The English is the web catalogues' own: every text of apps/web's locales/en.json whose
// French differs, split at its arguments into the phrases a member would read.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

const webSource = path.resolve(import.meta.dirname, '../../apps/web/src');

/** Phrases of two words or more: one word alone ('Photos', 'Total') may be French too. */
function englishPhrases(): string[] {
  const phrases = new Set<string>();
  for (const entry of readdirSync(webSource, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith(`locales${path.sep}en.json`)) continue;
    const dir = path.join(webSource, path.dirname(entry));
    const en = JSON.parse(readFileSync(path.join(dir, 'en.json'), 'utf8')) as Record<
      string,
      string
    >;
    const fr = JSON.parse(readFileSync(path.join(dir, 'fr-CA.json'), 'utf8')) as Record<
      string,
      string
    >;
    for (const [key, english] of Object.entries(en)) {
      if (fr[key] === english) continue;
      // An ICU argument or plural splits the text: the words around it stand on their own.
      for (const part of english.split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/)) {
        const phrase = part.trim().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
        if (/\p{L}{2,}[^\p{L}]+\p{L}{2,}/u.test(phrase)) phrases.add(phrase);
      }
    }
  }
  return [...phrases];
}

const PHRASES = englishPhrases();

/** The catalogues' English phrases found in the page's text and accessible names. */
export async function englishOnPage(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => {
    const names = Array.from(
      document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]'),
      (el) =>
        ['aria-label', 'placeholder', 'title', 'alt']
          .map((a) => el.getAttribute(a) ?? '')
          .join('\n'),
    );
    // biome-ignore lint/performance/useDomNodeTextContent: the words on screen, not hidden ones
    return `${document.body.innerText}\n${names.join('\n')}`;
  });
  return PHRASES.filter((phrase) => {
    const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`(^|[^\\p{L}])${escaped}($|[^\\p{L}])`, 'u').test(text);
  });
}

/**
 * Text that does not fit: the page scrolls sideways, or an element's words run past a box
 * that hides what overflows (clipped or ellipsised).
 */
export async function cutText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth + 1) {
      found.push(`page is ${document.documentElement.scrollWidth}px wide`);
    }
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      if (!el.textContent?.trim() || el.children.length > 0) continue;
      const style = getComputedStyle(el);
      const hides = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
      const box = el.getBoundingClientRect();
      // Hidden, or visually hidden (a 1px box read only by screen readers).
      if (box.width <= 2 || box.height <= 2 || style.visibility === 'hidden') continue;
      if (hides && el.scrollWidth > el.clientWidth + 1) {
        found.push(`${el.tagName.toLowerCase()}.${el.className}: "${el.textContent.trim()}"`);
      }
    }
    return found;
  });
}
