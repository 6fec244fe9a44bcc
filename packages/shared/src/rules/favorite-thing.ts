// Favourite things (accounts §3, §5; product rules 'Onboarding'): three slots, each a
// category and a trimmed answer of 2 to 35 characters, and no category used twice.
import { fail, pass, type RuleResult } from './result';

export const FAVORITE_CATEGORIES = [
  'movie',
  'show',
  'music',
  'dish',
  'dream_destination',
  'hobby',
  'book',
  'team',
  'podcast',
] as const;

export type FavoriteCategory = (typeof FAVORITE_CATEGORIES)[number];

export const FAVORITE_SLOTS = 3;
export const FAVORITE_ANSWER_MIN = 2;
export const FAVORITE_ANSWER_MAX = 35;

export const FAVORITE_CATEGORY_LABELS: Record<FavoriteCategory, string> = {
  movie: 'Movie',
  show: 'TV show',
  music: 'Music',
  dish: 'Dish',
  dream_destination: 'Dream destination',
  hobby: 'Hobby',
  book: 'Book',
  team: 'Sports team',
  podcast: 'Podcast',
};

export const FAVORITE_CATEGORY_OPTIONS = FAVORITE_CATEGORIES.map((value) => ({
  value,
  label: FAVORITE_CATEGORY_LABELS[value],
}));

export const FAVORITE_MESSAGES = {
  required: 'Please select a favorite thing and provide an answer',
  tooShort: 'Answer is too short',
  tooLong: 'Answer is too long',
  reused: 'You already picked this favorite thing. Choose a different one.',
} as const;

export type FavoriteThing = { category: FavoriteCategory; answer: string };

export function isFavoriteCategory(value: unknown): value is FavoriteCategory {
  return typeof value === 'string' && (FAVORITE_CATEGORIES as readonly string[]).includes(value);
}

/** One slot: passes with the category and the trimmed answer. */
export function validateFavoriteThing(input: {
  category?: unknown;
  answer?: unknown;
}): RuleResult<FavoriteThing> {
  const answer = typeof input.answer === 'string' ? input.answer.trim() : '';
  if (!isFavoriteCategory(input.category) || answer.length === 0) {
    return fail(FAVORITE_MESSAGES.required);
  }
  if (answer.length < FAVORITE_ANSWER_MIN) return fail(FAVORITE_MESSAGES.tooShort);
  if (answer.length > FAVORITE_ANSWER_MAX) return fail(FAVORITE_MESSAGES.tooLong);
  return pass({ category: input.category, answer });
}

/** Index of the first slot whose category an earlier slot already uses, or -1. */
export function findReusedCategory(categories: readonly (string | null | undefined)[]): number {
  const seen = new Set<string>();
  for (const [i, category] of categories.entries()) {
    if (!category) continue;
    if (seen.has(category)) return i;
    seen.add(category);
  }
  return -1;
}

/** Checks a category choice for slot `index` against the other slots' choices. */
export function validateCategoryChoice(
  categories: readonly (string | null | undefined)[],
  index: number,
): RuleResult<FavoriteCategory> {
  const category = categories[index];
  if (!isFavoriteCategory(category)) return fail(FAVORITE_MESSAGES.required);
  const usedElsewhere = categories.some((c, i) => i !== index && c === category);
  return usedElsewhere ? fail(FAVORITE_MESSAGES.reused) : pass(category);
}

/** Options for slot `index`'s select: the categories no other slot has taken. */
export function availableCategories(
  categories: readonly (string | null | undefined)[],
  index: number,
): typeof FAVORITE_CATEGORY_OPTIONS {
  const taken = new Set(categories.filter((c, i) => i !== index && c));
  return FAVORITE_CATEGORY_OPTIONS.filter((o) => !taken.has(o.value));
}
