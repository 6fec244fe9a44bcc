import { describe, expect, it } from 'vitest';
import {
  availableCategories,
  FAVORITE_CATEGORIES,
  FAVORITE_CATEGORY_LABELS,
  FAVORITE_CATEGORY_OPTIONS,
  FAVORITE_MESSAGES,
  findReusedCategory,
  validateCategoryChoice,
  validateFavoriteThing,
} from './favorite-thing';

describe('favourite thing messages and labels', () => {
  it('are exact', () => {
    expect(FAVORITE_MESSAGES).toEqual({
      required: 'Please select a favorite thing and provide an answer',
      tooShort: 'Answer is too short',
      tooLong: 'Answer is too long',
      reused: 'You already picked this favorite thing. Choose a different one.',
    });
  });

  it('label every category', () => {
    expect(FAVORITE_CATEGORY_OPTIONS.map((o) => o.value)).toEqual([...FAVORITE_CATEGORIES]);
    expect(FAVORITE_CATEGORY_LABELS.dream_destination).toBe('Dream destination');
    expect(FAVORITE_CATEGORY_LABELS.show).toBe('TV show');
  });
});

describe('validateFavoriteThing', () => {
  it.each([
    [{}, FAVORITE_MESSAGES.required],
    [{ category: 'movie' }, FAVORITE_MESSAGES.required],
    [{ category: 'movie', answer: '   ' }, FAVORITE_MESSAGES.required],
    [{ answer: 'Dune' }, FAVORITE_MESSAGES.required],
    [{ category: 'car', answer: 'Tesla' }, FAVORITE_MESSAGES.required],
    [{ category: 'movie', answer: 'X' }, FAVORITE_MESSAGES.tooShort],
    [{ category: 'movie', answer: '  X  ' }, FAVORITE_MESSAGES.tooShort],
    [{ category: 'book', answer: 'a'.repeat(36) }, FAVORITE_MESSAGES.tooLong],
  ])('%o fails with %s', (input, message) => {
    expect(validateFavoriteThing(input)).toEqual({ ok: false, message });
  });

  it.each([
    [
      { category: 'movie', answer: 'Up' },
      { category: 'movie', answer: 'Up' },
    ],
    [
      { category: 'dream_destination', answer: '  Kyoto  ' },
      { category: 'dream_destination', answer: 'Kyoto' },
    ],
    [
      { category: 'book', answer: ` ${'a'.repeat(35)} ` },
      { category: 'book', answer: 'a'.repeat(35) },
    ],
  ])('%o passes as %o', (input, value) => {
    expect(validateFavoriteThing(input)).toEqual({ ok: true, value });
  });
});

describe('one use per category', () => {
  it.each([
    [['movie', 'book', 'team'], -1],
    [['movie', null, undefined], -1],
    [['movie', 'book', 'movie'], 2],
    [['team', 'team', 'book'], 1],
  ])('%o reuses at %i', (categories, index) => {
    expect(findReusedCategory(categories)).toBe(index);
  });

  it.each([
    [['movie', 'movie', null], 1, { ok: false, message: FAVORITE_MESSAGES.reused }],
    [['movie', '', null], 1, { ok: false, message: FAVORITE_MESSAGES.required }],
    [['movie', 'book', null], 1, { ok: true, value: 'book' }],
  ])('%o slot %i -> %o', (categories, index, result) => {
    expect(validateCategoryChoice(categories, index)).toEqual(result);
  });

  it('offers only the categories other slots have not taken', () => {
    const options = availableCategories(['movie', 'book', 'hobby'], 1).map((o) => o.value);
    expect(options).toContain('book');
    expect(options).not.toContain('movie');
    expect(options).not.toContain('hobby');
    expect(options).toHaveLength(7);
  });
});
