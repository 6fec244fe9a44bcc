// Display formatting shared by screens.
import { formatNumber } from './i18n/format';

/** 12500 -> "12,500" in English, "12 500" in French. */
export function formatTokens(amount: number): string {
  return formatNumber(amount);
}
