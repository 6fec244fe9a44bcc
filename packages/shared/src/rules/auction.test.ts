import { describe, expect, it } from 'vitest';
import { parseReservePrice, RESERVE_TEXT } from './auction';

describe('the hidden reserve entry', () => {
  it('takes 0 to 99,999 whole tokens; empty means none', () => {
    expect(parseReservePrice('')).toEqual({ ok: true, value: 0 });
    expect(parseReservePrice(' 250 ')).toEqual({ ok: true, value: 250 });
    expect(parseReservePrice('99,999')).toEqual({ ok: true, value: 99_999 });
    for (const bad of ['100000', '-5', '12.5', 'abc'])
      expect(parseReservePrice(bad)).toEqual({ ok: false, message: RESERVE_TEXT.invalid });
  });
});
