// Search rules (marketplace §5 Search): a search starts only for 3+ trimmed characters.
import { SEARCH_MIN_CHARS } from '@bidboard/shared';

/** The term to search for, or null when the list should show instead. */
export function searchTermFrom(input: string): string | null {
  const trimmed = input.trim();
  return trimmed.length >= SEARCH_MIN_CHARS ? trimmed : null;
}
