// Finds words written into the web app's code instead of its catalogues: JSX text, words in
// the attributes people read or hear (aria-label, title, placeholder, alt, label…), string
// literals inside JSX, and prose in string literals anywhere (an error message, a label in
// an object). Used by inline-text.test.ts; the admin console may stay English.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface InlineText {
  file: string;
  line: number;
  text: string;
}

/** Attributes and properties whose value a member reads or hears. */
const WORDED = new Set([
  'alt',
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'placeholder',
  'title',
  'label',
  'description',
  'message',
  'text',
  'hint',
  'confirmLabel',
  'cancelLabel',
  'closeLabel',
  'heading',
  'caption',
  'legend',
  'emptyText',
  'helper',
]);

/** Attributes whose values are code (classes, routes, input kinds), never words. */
const CODE_ATTRIBUTES = new Set([
  'className',
  'id',
  'type',
  'name',
  'href',
  'to',
  'role',
  'autoComplete',
  'inputMode',
  'variant',
  'size',
  'rel',
  'target',
  'method',
  'accept',
  'pattern',
  'key',
  'htmlFor',
  'lang',
  'dir',
  'mode',
  'src',
  'sizes',
  'srcSet',
  'viewBox',
  'd',
  'fill',
  'stroke',
  'preload',
  'capture',
  'enterKeyHint',
  'tone',
  'side',
  'align',
  'loading',
  'decoding',
  'crossOrigin',
  'referrerPolicy',
  'sandbox',
  'allow',
  'form',
  'aria-live',
  'aria-hidden',
  'aria-current',
  'aria-describedby',
  'aria-labelledby',
  'aria-controls',
  'aria-haspopup',
  'aria-orientation',
  'aria-sort',
  'aria-autocomplete',
]);

const LETTER = /[A-Za-zÀ-ÿ]/;
/** Prose: two or more words, some lowercase: "Send Code", "Checking your code…". */
const PROSE = /[A-Za-zÀ-ÿ]{2,}[^\n]*\s[^\n]*[a-zà-ÿ]/;
/** A capitalised word or more: "Menu", "Back". */
const CAPITALISED = /^[A-ZÀ-Ý][a-zà-ÿ]+/;
/** 'header.allProfiles', 'sign.aquarius': a key of a catalogue (lib/i18n). */
const CATALOGUE_KEY = /^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)+$/;
/** A date-fns pattern: 'MM/dd/yyyy - h:mm aaa', 'EEE MM/dd h:mm aaa' (runs of one letter). */
const DATE_PATTERN = /^(?:y+|M+|d+|E+|h+|H+|m+|s+|a+|[\s/:.,-]+)+$/;
/** CSS: a media condition ('(pointer: coarse)', '(min-width: 638px) 348px') or a length. */
const CSS_VALUE = /^\([a-z-]+:\s*[\w-]+\)|^calc\(|^\d+(px|vw|vh|rem|em)$/;
/** Callees whose string arguments are code or words for developers, never for members. */
const DEVELOPER_CALLEE =
  /^console\.|^import$|(^|\.)matchMedia$|(^|\.)querySelector|\.closest$|\.matches$|^log$|^log[A-Z]\w*$/;

function isTestFile(file: string): boolean {
  return /\.(test|probe)\.tsx?$/.test(file) || file.includes(`${path.sep}test${path.sep}`);
}

export function sourceFiles(root: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(entry) || entry.endsWith('.d.ts')) continue;
    const file = path.join(root, entry);
    if (isTestFile(file)) continue;
    if (entry.startsWith(`features${path.sep}admin${path.sep}`)) continue;
    files.push(file);
  }
  return files.sort();
}

/** Calls that take words for developers, not members. */
function inDeveloperCall(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isNewExpression(at) && /Error$/.test(at.expression.getText())) return true;
    if (ts.isCallExpression(at)) {
      if (at.expression.kind === ts.SyntaxKind.SuperKeyword && inErrorClass(at)) return true;
      if (DEVELOPER_CALLEE.test(at.expression.getText())) return true;
    }
    // Compared with a value that came in (a socket's disconnect reason): matched, not shown.
    if (ts.isBinaryExpression(at) && EQUALITY.has(at.operatorToken.kind)) return true;
    // An object's className or sandbox, spread onto an element; not `name`, which may be a
    // bundle's or a plan's name a member reads.
    if (ts.isPropertyAssignment(at)) {
      const property = at.name.getText().replace(/^['"]|['"]$/g, '');
      if (property !== 'name' && CODE_ATTRIBUTES.has(property)) return true;
    }
    if (ts.isImportDeclaration(at) || ts.isExportDeclaration(at)) return true;
    if (ts.isTypeNode(at)) return true;
    if (ts.isJsxAttribute(at) && CODE_ATTRIBUTES.has(at.name.getText())) return true;
  }
  return false;
}

const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
]);

/** A constructor's super(...) in a class that extends an Error: its message is for developers. */
function inErrorClass(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isClassLike(at)) {
      return (at.heritageClauses ?? []).some((clause) =>
        clause.types.some((type) => /Error$/.test(type.expression.getText())),
      );
    }
  }
  return false;
}

function propertyName(node: ts.Node): string | null {
  const parent = node.parent;
  if (parent && ts.isPropertyAssignment(parent) && parent.initializer === node) {
    return parent.name.getText().replace(/^['"]|['"]$/g, '');
  }
  if (parent && ts.isJsxExpression(parent) && parent.parent && ts.isJsxAttribute(parent.parent)) {
    return parent.parent.name.getText();
  }
  if (parent && ts.isJsxAttribute(parent)) return parent.name.getText();
  return null;
}

function insideJsx(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isJsxExpression(at) && at.parent && !ts.isJsxAttribute(at.parent)) return true;
    if (ts.isFunctionLike(at)) return false;
  }
  return false;
}

function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('{}');
  }
  return null;
}

function looksWorded(node: ts.Node, text: string): boolean {
  const value = text.trim();
  if (!LETTER.test(value)) return false;
  // A catalogue's key ('header.filter'), whatever property holds it: the words are elsewhere.
  if (CATALOGUE_KEY.test(value)) return false;
  if ((DATE_PATTERN.test(value) && /[/:]/.test(value)) || CSS_VALUE.test(value)) return false;
  const name = propertyName(node);
  if (name && WORDED.has(name)) return true;
  if (insideJsx(node) && (PROSE.test(value) || CAPITALISED.test(value))) return true;
  return PROSE.test(value) && !/^[\w.-]+(:[\w.-]+)?$/.test(value);
}

export function inlineTexts(file: string, root: string): InlineText[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: InlineText[] = [];
  const add = (node: ts.Node, text: string) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push({ file: path.relative(root, file), line, text: text.trim().replace(/\s+/g, ' ') });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      if (LETTER.test(node.text)) add(node, node.text);
      return;
    }
    const text = literalText(node);
    if (text !== null) {
      if (!inDeveloperCall(node) && looksWorded(node, text)) add(node, text);
      if (!ts.isTemplateExpression(node)) return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
