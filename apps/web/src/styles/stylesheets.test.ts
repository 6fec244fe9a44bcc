// Keeps the house style: every font size and space comes from tokens.css, and keyboard focus
// has one look (the ring in global.css). A raw value in a feature's stylesheet fails here,
// naming the file, the line and the declaration.
/// <reference types="node" />
// Read from disk: the web test project stubs CSS imports (even ?raw) as empty strings.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');
const TOKENS = 'styles/tokens.css';
const GLOBAL = 'styles/global.css';

const stylesheets = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((path) => path.endsWith('.css'))
  .map((path) => ({ path, text: readFileSync(join(SRC, path), 'utf8') }));

interface Rule {
  path: string;
  line: number;
  selector: string;
  declarations: string[];
}

/** The innermost rules of a stylesheet (media queries unwrapped), comments removed. */
function rulesOf(path: string, text: string): Rule[] {
  const rules: Rule[] = [];
  const code = text.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  for (const [, selector = '', body = ''] of code.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const line = code.slice(0, code.indexOf(`${selector}{${body}}`)).split('\n').length;
    const declarations = body
      .split(';')
      .map((d) => d.replace(/\s+/g, ' ').trim())
      .filter(Boolean);
    rules.push({ path, line, selector: selector.trim(), declarations });
  }
  return rules;
}

const rules = stylesheets.flatMap(({ path, text }) => rulesOf(path, text));
const where = (rule: Rule, declaration: string) => `${rule.path}:${rule.line} ${declaration}`;

const SPACING = /^(font-size|padding(-[a-z-]+)?|margin(-[a-z-]+)?|gap|row-gap|column-gap)\s*:/;
/** An absolute length (12px, 0.9rem, 1.2em) left once var(...) and env(...) are set aside. */
const RAW_LENGTH = /\d(px|rem|em|pt|ex|ch)\b/;

describe('stylesheets', () => {
  it('finds the stylesheets', () => {
    expect(stylesheets.map((s) => s.path)).toContain(TOKENS);
    expect(stylesheets.length).toBeGreaterThan(30);
  });

  it('size text and space only with the tokens', () => {
    const raw = rules
      .filter((rule) => rule.path !== TOKENS)
      .flatMap((rule) =>
        rule.declarations
          .filter((d) => SPACING.test(d))
          .filter((d) => RAW_LENGTH.test(d.replace(/(var|env)\([^()]*\)/g, '')))
          .map((d) => where(rule, d)),
      );
    expect(raw).toEqual([]);
  });

  it('show keyboard focus only with the one ring', () => {
    const focusRules = rules.filter((rule) => rule.selector.includes(':focus'));
    const otherLooks = focusRules.flatMap((rule) =>
      rule.declarations
        .filter((d) => /^(outline|box-shadow)\s*:/.test(d))
        .filter((d) => !/^outline: (var\(--focus-ring\)|none)$/.test(d))
        .map((d) => where(rule, d)),
    );
    expect(otherLooks).toEqual([]);
    const ringRemoved = focusRules
      .filter((rule) => rule.path !== GLOBAL)
      .flatMap((rule) =>
        rule.declarations.filter((d) => d === 'outline: none').map((d) => where(rule, d)),
      );
    expect(ringRemoved).toEqual([]);
  });
});
