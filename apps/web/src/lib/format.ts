// Display formatting shared by screens.
import { formatNumber } from './i18n/format';

/** 12500 -> "12,500" in English, "12 500" in French. */
export function formatTokens(amount: number): string {
  return formatNumber(amount);
}

/** "1 token" / "250 tokens". */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatTokens(count)} ${count === 1 ? singular : plural}`;
}
