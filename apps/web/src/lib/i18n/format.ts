// Numbers, money, dates and the countdown in the language on screen, through Intl: English
// reads "12,500", "$4.99", "Thu 8:00 pm"; Canadian French "12 500", "4,99 $", "jeu. 20 h 00".
// Prices are US dollars; French shows them as Quebec writes dollars (« 10,00 $ »).
import type { Language } from '@bidboard/shared/i18n/languages';
import { currentLanguage } from './i18n';

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(language: Language, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${language}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(language === 'en' ? 'en-US' : language, options);
    cache.set(key, format);
  }
  return format;
}

function dateFormat(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${language}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'en' ? 'en-US' : language, options);
    cache.set(key, format);
  }
  return format;
}

/** 12500 -> "12,500" / "12 500". */
export function formatNumber(value: number, language = currentLanguage()): string {
  return numberFormat(language, { maximumFractionDigits: 0 }).format(value);
}

/** 499 cents -> "$4.99" / "4,99 $". */
export function formatMoney(cents: number, language = currentLanguage()): string {
  return numberFormat(language, {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
  }).format(cents / 100);
}

/** A date and time as Intl words it for the language (the options say which parts). */
export function formatDate(
  date: Date | string | number,
  options: Intl.DateTimeFormatOptions,
  language = currentLanguage(),
): string {
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return '';
  return dateFormat(language, options).format(value);
}

/** A month by its number: 1 -> "January" / "janvier". */
export function formatMonth(month: number, language = currentLanguage()): string {
  return formatDate(Date.UTC(2000, month - 1, 1), { month: 'long', timeZone: 'UTC' }, language);
}

const DAY = 86_400;
const two = (n: number) => String(n).padStart(2, '0');

/**
 * Seconds left as the countdown shows them: 3725 -> "01:02:05"; with more than 24 hours
 * left the days come first ("4d 14:33:00", in French "4 j 14:33:00").
 */
export function formatCountdown(seconds: number, language = currentLanguage()): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = s > DAY ? Math.floor(s / DAY) : 0;
  const rest = s - days * DAY;
  const clock = `${two(Math.floor(rest / 3600))}:${two(Math.floor((rest % 3600) / 60))}:${two(rest % 60)}`;
  if (days === 0) return clock;
  return language === 'en' ? `${days}d ${clock}` : `${days}\u00a0j ${clock}`;
}
