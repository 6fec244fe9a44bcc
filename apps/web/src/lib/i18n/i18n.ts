// The app's words come from catalogues, one per language and per area of the app: each
// feature (and app/, components/ui) keeps `locales/en.json` and `locales/fr-CA.json` beside an
// `i18n.ts` that calls defineTexts. Only the member's language is downloaded, and only for
// the areas whose code is loaded: an area's catalogue starts downloading when its code is
// evaluated, and nothing draws before it is there (main.tsx waits for textsReady before
// the first render, lib/chunk-guard before a lazily loaded screen resolves). No top-level
// await: the bundler would split the first page into dozens of small files to keep its
// order, which cost 10 KB of the first-load budget.
// Lingui formats them (plurals, arguments) from catalogues compiled at build time
// (build/catalogues.ts): its runtime is small enough for the first-load budget.
import type { Language } from '@bidboard/shared/i18n/languages';
import { type Messages, setupI18n } from '@lingui/core';
import { createElement, Fragment, type ReactNode, useSyncExternalStore } from 'react';
import { deviceLanguage, rememberLanguage, showLanguage, startingLanguage } from './language';

type CatalogueLoaders = Record<string, () => Promise<Messages>>;

const i18n = setupI18n();
const areas = new Map<string, CatalogueLoaders>();
/** Areas whose words no first screen shows: loaded after the first paint. */
const deferred = new Set<string>();
const loaded = new Set<string>();
const loading = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();
let language: Language = startingLanguage();
/** Counts the catalogues arrived in the language on screen: a screen drawn before its words
 * (a later area's, the shared texts) draws again when they come. */
let version = 0;

function textsChanged(): void {
  version += 1;
  for (const listener of listeners) listener();
}

function loadArea(area: string, lang: Language): Promise<void> {
  const id = `${area}/${lang}`;
  if (loaded.has(id)) return Promise.resolve();
  let pending = loading.get(id);
  if (!pending) {
    const load = areas.get(area)?.[`./locales/${lang}.json`];
    if (!load) throw new Error(`No ${lang} catalogue for ${area}`);
    pending = load().then(
      (messages) => {
        const prefixed: Messages = {};
        for (const [key, message] of Object.entries(messages)) {
          prefixed[`${area}:${key}`] = message;
        }
        i18n.load(lang, prefixed);
        loaded.add(id);
        loading.delete(id);
        if (lang === language) textsChanged();
      },
      (error: unknown) => {
        // Forgotten, so the next textsReady (the chunk guard's retry) downloads it again.
        loading.delete(id);
        throw error;
      },
    );
    loading.set(id, pending);
  }
  return pending;
}

/**
 * Resolves once the catalogue of every area registered so far is there in the language on
 * screen (downloading again any that failed); rejects when one cannot be downloaded.
 * `later`: the areas downloaded after the first paint too.
 */
export async function textsReady({ later = false } = {}): Promise<void> {
  for (;;) {
    const missing = [...areas.keys()].filter(
      (area) => !loaded.has(`${area}/${language}`) && (later || !deferred.has(area)),
    );
    if (missing.length === 0) return;
    await Promise.all(missing.map((area) => loadArea(area, language)));
  }
}

i18n.load(language, {});
i18n.activate(language);
showLanguage(language);

export function currentLanguage(): Language {
  return language;
}

/** The language on screen and whether the member picked it, for the sign-in calls. */
export function signInLanguage(): ReturnType<typeof deviceLanguage> {
  return deviceLanguage(language);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const textsVersion = () => version;

/** The language on screen; a component that reads it draws again when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
}

/**
 * Switches every screen to `next` once the catalogues of every area loaded so far are there
 * in it (no screen shows a key or the other language meanwhile), and keeps it on the device;
 * `chosen` when the member picked it (the sign-in page), not their stored setting arriving.
 */
export async function setLanguage(
  next: Language,
  { chosen = false }: { chosen?: boolean } = {},
): Promise<void> {
  rememberLanguage(next, chosen);
  // Already on screen (the member's stored language arriving as the device's): nothing to
  // download now; the later areas come after the first paint as always.
  if (next === language) return;
  await Promise.all([...areas.keys()].map((area) => loadArea(area, next)));
  if (next === language) return;
  language = next;
  i18n.activate(next);
  showLanguage(next);
  textsChanged();
}

export type TextValues = Record<string, string | number | null | undefined>;
export type Translate<Key extends string> = (key: Key, values?: TextValues) => string;

/**
 * An area's words: `export const { useText: useAuthText } = defineTexts<typeof en>('auth',
 * import.meta.glob('./locales/*.json', { query: '?lingui', import: 'default' }))`, then in a
 * component `const t = useAuthText(); t('phone.title')`, `t('balance', { count })`.
 * The keys are the English catalogue's (a wrong key does not compile). `later`: words no
 * first screen shows, downloaded after the first paint (and before any lazy screen shows).
 */
export function defineTexts<Catalogue extends Record<string, string>>(
  area: string,
  loaders: Record<string, () => Promise<unknown>>,
  { later = false }: { later?: boolean } = {},
): {
  useText: () => Translate<keyof Catalogue & string>;
  text: Translate<keyof Catalogue & string>;
} {
  if (areas.has(area)) throw new Error(`Two catalogues are named ${area}`);
  areas.set(area, loaders as CatalogueLoaders);
  if (later) deferred.add(area);
  // Started now; a failure is reported by textsReady, which the first render waits for.
  else loadArea(area, language).catch(() => undefined);
  const text: Translate<keyof Catalogue & string> = (key, values) =>
    i18n._(`${area}:${key}`, values ?? undefined);
  return {
    text,
    useText: () => {
      useSyncExternalStore(subscribe, textsVersion, textsVersion);
      return text;
    },
  };
}

/**
 * A message with a part drawn as an element (a bold amount, the countdown's tabular time):
 * the part's argument is SLOT, and fillSlot puts the element where the language placed it,
 * `fillSlot(t('winningBid', { amount: SLOT, count }), <strong>{amount}</strong>)`. Here, in
 * the first page's code, so any screen has it without a file of its own.
 */
export const SLOT = '\u0000';

export function fillSlot(message: string, part: ReactNode): ReactNode {
  const at = message.indexOf(SLOT);
  if (at < 0) return message;
  return createElement(Fragment, null, message.slice(0, at), part, message.slice(at + SLOT.length));
}
