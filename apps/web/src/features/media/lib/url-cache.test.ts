import { describe, expect, it } from 'vitest';
import { ExpiringCache } from './url-cache';

describe('ExpiringCache', () => {
  it('keeps image URLs for one hour minus five minutes', () => {
    let now = 0;
    const cache = new ExpiringCache<string>(undefined, () => now);
    cache.set('a', '/api/files/x');
    now = 55 * 60 * 1000 - 1;
    expect(cache.get('a')).toBe('/api/files/x');
    now = 55 * 60 * 1000;
    expect(cache.get('a')).toBeUndefined();
  });
});
