import { CONTENT_MESSAGES, contentRetryDelayMs } from '@bidboard/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { runContentCheck } from './content-check';

const serverError = () => Promise.reject(new ApiError('', 500));
const notFound = () => Promise.reject(new ApiError('Not found', 404));

describe('runContentCheck', () => {
  it('passes with the server cleaned input when the check accepts', async () => {
    const request = vi.fn(async () => ({ isValid: true, reason: null, cleanedInput: 'Jazz' }));
    const result = await runContentCheck({ text: ' Jazz ', request, rejectMessage: 'x' });
    expect(result).toEqual({ ok: true, value: 'Jazz' });
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('fails with the server reason, or the fallback message when none is given', async () => {
    const reason = await runContentCheck({
      text: 'bad',
      request: async () => ({ isValid: false, reason: 'Nope' }),
      rejectMessage: CONTENT_MESSAGES.username,
    });
    expect(reason).toEqual({ ok: false, message: 'Nope' });
    const none = await runContentCheck({
      text: 'bad',
      request: async () => ({ isValid: false, reason: null }),
      rejectMessage: CONTENT_MESSAGES.username,
    });
    expect(none).toEqual({ ok: false, message: CONTENT_MESSAGES.username });
  });

  it('falls back to the built-in word list on a 404, without retrying', async () => {
    const request = vi.fn(notFound);
    const clean = await runContentCheck({ text: 'sunny_day', request, rejectMessage: 'Bad' });
    expect(clean).toEqual({ ok: true, value: 'sunny_day' });
    const dirty = await runContentCheck({ text: 'shithead', request, rejectMessage: 'Bad' });
    expect(dirty).toEqual({ ok: false, message: 'Bad' });
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('accepts the input after three server errors', async () => {
    const request = vi.fn(serverError);
    const result = await runContentCheck({ text: 'shithead', request, rejectMessage: 'Bad' });
    expect(result).toEqual({ ok: true, value: 'shithead' });
    expect(request).toHaveBeenCalledTimes(3);
  });

  it('recovers when a retry succeeds', async () => {
    const request = vi
      .fn<() => Promise<{ isValid: boolean; reason: string | null }>>()
      .mockImplementationOnce(serverError)
      .mockResolvedValueOnce({ isValid: false, reason: null });
    const result = await runContentCheck({ text: 'x', request, rejectMessage: 'Bad' });
    expect(result).toEqual({ ok: false, message: 'Bad' });
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('waits with the exponential bio delay between tries, not after the last', async () => {
    const sleep = vi.fn(async () => undefined);
    await runContentCheck({
      text: 'A perfectly fine bio text',
      request: serverError,
      rejectMessage: CONTENT_MESSAGES.bio,
      retryDelayMs: contentRetryDelayMs,
      sleep,
    });
    expect(sleep.mock.calls).toEqual([[500], [1000]]);
  });

  it('shows a 400 message straight away', async () => {
    const request = vi.fn(() => Promise.reject(new ApiError('Invalid input', 400)));
    const result = await runContentCheck({ text: 'x', request, rejectMessage: 'Bad' });
    expect(result).toEqual({ ok: false, message: 'Invalid input' });
    expect(request).toHaveBeenCalledTimes(1);
  });
});
