import { describe, expect, it } from 'vitest';
import {
  COMMON_MESSAGES,
  idParam,
  idSchema,
  intInRange,
  PG_INT_MAX,
  pageQuery,
  safeText,
} from './common';

describe('ids', () => {
  it('accepts ids inside the integer column and refuses the rest with one message', () => {
    expect(idSchema.parse(1)).toBe(1);
    expect(idSchema.parse(PG_INT_MAX)).toBe(PG_INT_MAX);
    for (const bad of [0, -1, PG_INT_MAX + 1, 1.5, Number.NaN, '1', null]) {
      const result = idSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(COMMON_MESSAGES.invalidId);
    }
  });

  it('coerces path and query ids and refuses ones past the column range', () => {
    expect(idParam.parse('42')).toBe(42);
    for (const bad of ['2147483648', 'abc', '', '-3', '1.5', '99999999999999999999']) {
      expect(idParam.safeParse(bad).success).toBe(false);
    }
  });
});

describe('safeText', () => {
  const name = safeText({ max: 10 });
  const message = safeText({ max: 100, min: 1, multiline: true });

  it('trims and bounds the length', () => {
    expect(name.parse('  ann  ')).toBe('ann');
    expect(name.safeParse('x'.repeat(11)).success).toBe(false);
    expect(message.safeParse('   ').success).toBe(false);
  });

  it('refuses NUL and other control characters', () => {
    for (const bad of ['\u0000', 'a\u0000b', 'a\u0007', 'a\u001Bb', 'a\u007F']) {
      const result = name.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(COMMON_MESSAGES.controlCharacters);
    }
    expect(name.safeParse('a\nb').success).toBe(false);
  });

  it('allows line breaks in multi-line text only', () => {
    expect(message.parse('hi\nthere\r\n\tok')).toBe('hi\nthere\r\n\tok');
    expect(message.safeParse('hi\u0000').success).toBe(false);
  });
});

describe('pageQuery', () => {
  it('defaults and bounds limit and offset', () => {
    const page = pageQuery({ limit: 10, maxLimit: 50 });
    expect(page.parse({})).toEqual({ limit: 10, offset: 0 });
    expect(page.parse({ limit: '5', offset: '20' })).toEqual({ limit: 5, offset: 20 });
    expect(page.safeParse({ limit: '51' }).success).toBe(false);
    expect(page.safeParse({ offset: '2147483648' }).success).toBe(false);
  });
});

describe('intInRange', () => {
  it('names the bound that was crossed', () => {
    const amount = intInRange(1, 500);
    expect(amount.safeParse(0).error?.issues[0]?.message).toBe('Must be at least 1');
    expect(amount.safeParse(501).error?.issues[0]?.message).toBe('Must be at most 500');
    expect(amount.safeParse(2.5).error?.issues[0]?.message).toBe(COMMON_MESSAGES.invalidNumber);
  });
});
