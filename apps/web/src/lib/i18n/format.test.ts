// Numbers, money, dates and plurals as each language writes them.
import { afterEach, describe, expect, it } from 'vitest';
import { formatCountdown, formatDate, formatMoney, formatMonth, formatNumber } from './format';
import { currentLanguage, defineTexts, setLanguage } from './i18n';

const { text } = defineTexts<{ tokens: string }>('format-test', {
  './locales/en.json': async () => ({
    tokens: [['count', 'plural', { one: ['#', ' token'], other: ['#', ' tokens'] }]],
  }),
  './locales/fr-CA.json': async () => ({
    tokens: [['count', 'plural', { one: ['#', ' jeton'], other: ['#', ' jetons'] }]],
  }),
});

afterEach(() => setLanguage('en'));

// Intl writes French thousands and the currency sign with narrow no-break spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatting per language', () => {
  it('numbers and money', () => {
    expect(formatNumber(12500, 'en')).toBe('12,500');
    expect(plain(formatNumber(12500, 'fr-CA'))).toBe('12 500');
    expect(formatMoney(499, 'en')).toBe('$4.99');
    expect(plain(formatMoney(1000, 'fr-CA'))).toBe('10,00 $');
  });

  it('dates', () => {
    const at = new Date('2026-08-06T20:00:00-04:00');
    const options = {
      timeZone: 'America/New_York',
      weekday: 'short',
      hour: 'numeric',
      minute: '2-digit',
    } as const;
    expect(formatDate(at, options, 'en')).toBe('Thu 8:00 PM');
    expect(plain(formatDate(at, options, 'fr-CA'))).toBe('jeu. 20 h 00');
    expect(formatDate('not a date', options, 'en')).toBe('');
    expect(formatMonth(1, 'en')).toBe('January');
    expect(formatMonth(12, 'fr-CA')).toBe('décembre');
  });

  it('the countdown', () => {
    expect(formatCountdown(3725, 'en')).toBe('01:02:05');
    expect(formatCountdown(4 * 86_400 + 60, 'en')).toBe('4d 00:01:00');
    expect(plain(formatCountdown(4 * 86_400 + 60, 'fr-CA'))).toBe('4 j 00:01:00');
  });

  it('plurals: 1 jeton, 2 jetons; 0 jeton in French, 0 tokens in English', async () => {
    expect(text('tokens', { count: 1 })).toBe('1 token');
    expect(text('tokens', { count: 0 })).toBe('0 tokens');
    await setLanguage('fr-CA');
    expect(currentLanguage()).toBe('fr-CA');
    expect(text('tokens', { count: 1 })).toBe('1 jeton');
    expect(text('tokens', { count: 2 })).toBe('2 jetons');
    expect(text('tokens', { count: 0 })).toBe('0 jeton');
    expect(plain(text('tokens', { count: 1500 }))).toBe('1 500 jetons');
    expect(document.documentElement.lang).toBe('fr-CA');
  });
});
