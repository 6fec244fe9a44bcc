import { describe, expect, it } from 'vitest';
import { CONTENT_CHECK_RETRIES, CONTENT_MESSAGES, contentRetryDelayMs } from './content';

describe('content check messages', () => {
  it('are the exact texts of the spec', () => {
    expect(CONTENT_MESSAGES).toEqual({
      username: 'Username contains inappropriate content',
      bio: 'Bio contains inappropriate content',
      favoriteAnswer: 'Invalid input',
    });
    expect(CONTENT_CHECK_RETRIES).toBe(3);
  });

  it.each([
    [1, 500],
    [2, 1000],
    [3, 2000],
  ])('retry %i waits %i ms', (attempt, ms) => {
    expect(contentRetryDelayMs(attempt)).toBe(ms);
  });
});
