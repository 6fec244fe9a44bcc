// What the inline-English check counts as words for members, and what as code.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineTexts } from './inline-text';

function found(source: string): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'inline-text-'));
  const file = path.join(dir, 'sample.tsx');
  writeFileSync(file, source);
  return inlineTexts(file, dir).map((t) => t.text);
}

describe('the inline-English detector', () => {
  it('finds words a member reads', () => {
    expect(
      found(`
        const BUNDLES = [{ name: 'Gold bundle of tokens' }];
        export const A = () => <p title="Open the menu">Hello there</p>;
        const line = 'Claim your unique username';
      `),
    ).toEqual([
      'Gold bundle of tokens',
      'Open the menu',
      'Hello there',
      'Claim your unique username',
    ]);
  });

  it('leaves code alone: classes, media queries, CSS sizes, date patterns, compared reasons, logs, errors', () => {
    expect(
      found(`
        const thumb = { className: \`age-slider__thumb age-slider__thumb--\${handle}\` };
        const frame = { sandbox: 'allow-scripts allow-forms allow-same-origin' };
        const SIZES = ['(min-width: 1120px) 348px', 'calc(100vw - 40px)'];
        const touch = window.matchMedia('(pointer: coarse)').matches;
        const standalone = window.matchMedia?.('(display-mode: standalone)').matches;
        const inside = (el: Element) => el.closest?.('input, button');
        const FORMAT = 'MM/dd/yyyy - h:mm aaa';
        const when = format(date, 'EEE MM/dd h:mm aaa');
        if (reason === 'io client disconnect') stop();
        log('PAYMENT_TIMEOUT', 'Payment form timed out');
        class LoadError extends Error {
          constructor() { super('Failed to load part of the app'); }
        }
      `),
    ).toEqual([]);
  });
});
