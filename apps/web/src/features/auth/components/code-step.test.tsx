import { MESSAGES } from '@bidboard/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { hardNavigate } from '@/lib/hard-navigate';
import { buildUser } from '@/test/factories';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

vi.mock('@/lib/hard-navigate', () => ({ hardNavigate: vi.fn(), reloadPage: vi.fn() }));

const TEST_PHONE = '1234567890';
const box = (n: number) => screen.getByLabelText(`Digit ${n}`) as HTMLInputElement;
const boxValues = () => [1, 2, 3, 4, 5, 6].map((n) => box(n).value).join('');
const paste = (code: string) => fireEvent.paste(box(1), { clipboardData: { getData: () => code } });

/** Opens /auth and walks to the code step with a test number (no code request). */
async function openCodeStep(path = '/auth') {
  renderApp(path);
  fireEvent.click(await screen.findByRole('button', { name: 'Join / Sign In' }));
  fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: TEST_PHONE } });
  fireEvent.click(screen.getByRole('button', { name: 'Send Code' }));
  await screen.findByRole('heading', { name: 'Enter the code we sent.' });
}

beforeEach(() => vi.mocked(hardNavigate).mockReset());

describe('code step', () => {
  it('has six single-digit boxes labelled Digit 1 to Digit 6', async () => {
    mockFetch({});
    await openCodeStep();
    expect(screen.getAllByLabelText(/^Digit \d$/)).toHaveLength(6);
  });

  it('submits automatically when the sixth digit is typed, with +1 phone and referral', async () => {
    const api = mockFetch({
      'POST /api/auth/check-referral': () => [
        200,
        { success: true, referrer_id: 3, message: 'ok' },
      ],
      'POST /api/auth/verify-otp': () => [
        200,
        { token: 'jwt-1', user: buildUser({ onboarded: 14 }) },
      ],
    });
    await openCodeStep('/auth?ref=bob');
    await userEvent.click(box(1));
    await userEvent.keyboard('12345');
    expect(api.callsTo('POST /api/auth/verify-otp')).toHaveLength(0);
    await userEvent.keyboard('6');
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/'));
    expect(api.callsTo('POST /api/auth/verify-otp')[0]?.body).toEqual({
      phone_number: '+11234567890',
      otp: '123456',
      language: 'en',
      language_chosen: false,
      referred_by: 'bob',
    });
    expect(localStorage.getItem('authToken')).toBe('jwt-1');
  });

  it('sends members who have not finished onboarding to /onboarding', async () => {
    mockFetch({
      'POST /api/auth/verify-otp': () => [
        200,
        { token: 'jwt-2', user: buildUser({ onboarded: 3 }) },
      ],
    });
    await openCodeStep('/auth?username=carol');
    paste('654321');
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/onboarding'));
  });

  it('sends finished members to /{username} when the username parameter is present', async () => {
    mockFetch({
      'POST /api/auth/check-referral': () => [
        200,
        { success: true, referrer_id: 3, message: 'ok' },
      ],
      'POST /api/auth/verify-otp': () => [200, { token: 'jwt-3', user: buildUser() }],
    });
    await openCodeStep('/auth?username=carol');
    paste('654321');
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/carol'));
  });

  it('shows "Invalid Code" and clears the boxes when verification fails without a message', async () => {
    mockFetch({ 'POST /api/auth/verify-otp': () => [400, {}] });
    await openCodeStep();
    paste('111111');
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.invalidCode);
    expect(boxValues()).toBe('');
  });

  it('shows the server message, e.g. "Account not found."', async () => {
    mockFetch({
      'POST /api/auth/verify-otp': () => [
        404,
        { message: 'Account not found.', code: 'ACCOUNT_NOT_FOUND' },
      ],
    });
    await openCodeStep();
    paste('111111');
    expect((await screen.findByRole('alert')).textContent).toBe('Account not found.');
    expect(screen.getByText('Joining needs an invite link from a member.').tagName).toBe('P');
  });

  it('reports a login response without a token or a user id', async () => {
    let reply: unknown = { user: buildUser() };
    mockFetch({ 'POST /api/auth/verify-otp': () => [200, reply] });
    await openCodeStep();
    paste('111111');
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.noToken);
    reply = { token: 'jwt', user: { username: 'x' } };
    paste('111111');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(MESSAGES.invalidUserData),
    );
    expect(hardNavigate).not.toHaveBeenCalled();
  });

  it('locks the boxes for 60 seconds after 5 failures, ticking m:ss, then resets', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockFetch({
      'POST /api/auth/verify-otp': () => [400, { message: 'Invalid Code', code: 'INVALID_CODE' }],
    });
    await openCodeStep();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      paste('000000');
      await waitFor(() => expect(api.callsTo('POST /api/auth/verify-otp')).toHaveLength(attempt));
      await waitFor(() => expect(boxValues()).toBe(''));
    }
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Too many attempts. Please wait 1:00 before trying again.',
      ),
    );
    expect(box(1).disabled).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('alert').textContent).toBe(
      'Too many attempts. Please wait 0:59 before trying again.',
    );

    // A paste while locked is ignored.
    paste('000000');
    expect(api.callsTo('POST /api/auth/verify-otp')).toHaveLength(5);

    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(box(1).disabled).toBe(false);
    expect(boxValues()).toBe('');
  });

  it("shows the server's 24-hour lockout of the number and when it ends, the boxes locked", async () => {
    const until = '2026-12-03T07:10:00.000Z';
    mockFetch({
      'POST /api/auth/verify-otp': () => [
        429,
        {
          message: MESSAGES.codeLockedHours(24),
          code: 'TOO_MANY_ATTEMPTS',
          key: 'MESSAGES.codeLockedHours',
          params: { hours: 24, until },
        },
      ],
    });
    await openCodeStep();
    paste('123456');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Please wait 24 hours before trying again.',
    );
    const ends = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
    expect(
      screen.getByText(`You can try again after ${ends.format(new Date(until))}.`),
    ).toBeTruthy();
    expect(box(1).disabled).toBe(true);
    expect(screen.queryByText(/Please wait 1:00|60 seconds/)).toBeNull();
    // A new code cannot lift the server's lock: no resend offer, no countdown under it.
    expect(screen.queryByRole('button', { name: 'Resend code' })).toBeNull();
    expect(screen.queryByText(/Didn’t get it|0:\d\d/)).toBeNull();
  });
});
