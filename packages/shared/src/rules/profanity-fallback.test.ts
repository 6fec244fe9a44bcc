import { describe, expect, it } from 'vitest';
import { containsFallbackProfanity } from './profanity-fallback';

describe('containsFallbackProfanity', () => {
  it.each([
    'fuck',
    'FuckBoy',
    'f_u_c_k',
    'fuuuuck this',
    'big_dick_99',
    'dick1',
    'sh1thead',
    'what an a55hole',
    'nice ass.',
    'my b!tch',
    'send nudes',
    'p0rn star',
  ])('flags %j', (text) => {
    expect(containsFallbackProfanity(text)).toBe(true);
  });

  it.each([
    '',
    'classic',
    'assassin',
    'Dickens fan',
    'cocktail party',
    'Scunthorpe United',
    'therapist',
    'grapes and cucumber',
    'Essex',
    'the bit chair',
    'Mike_1990',
    'hello world, I love hiking',
  ])('allows %j', (text) => {
    expect(containsFallbackProfanity(text)).toBe(false);
  });
});
