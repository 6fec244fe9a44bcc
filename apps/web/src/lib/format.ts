// Display formatting shared by screens. Tokens are a plain number in the member's locale
// (12500 -> "12,500" in English, "12 500" in French): the locale's number format itself,
// re-exported rather than wrapped, so screens import it without a chunk of its own.
export { formatNumber as formatTokens } from './i18n/format';
