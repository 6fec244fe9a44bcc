import { MESSAGES } from '@bidboard/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

async function openPhoneStep() {
  renderApp('/auth');
  await userEvent.click(await screen.findByRole('button', { name: 'Join / Sign In' }));
  return {
    input: screen.getByLabelText('Phone number') as HTMLInputElement,
    submit: screen.getByRole('button', { name: 'Send Code' }) as HTMLButtonElement,
  };
}

describe('phone step', () => {
  it('shows the title and help text with a 5% progress bar', async () => {
    await openPhoneStep();
    expect(screen.getByRole('heading', { name: 'Enter your phone number.' })).toBeTruthy();
    expect(
      screen.getByText('We will send a one-time passcode. Msg & data rates may apply.'),
    ).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('5');
  });

  it('formats as (555) 555-5555 while typing and caps at 10 digits', async () => {
    const { input } = await openPhoneStep();
    await userEvent.type(input, '555');
    expect(input.value).toBe('(555');
    await userEvent.type(input, '5550');
    expect(input.value).toBe('(555) 555-0');
    await userEvent.type(input, '123999');
    expect(input.value).toBe('(555) 555-0123');
  });

  it('enables submit only once the formatted value has 12 characters', async () => {
    const { input, submit } = await openPhoneStep();
    await userEvent.type(input, '5555550');
    expect(input.value).toBe('(555) 555-0');
    expect(submit.disabled).toBe(true);
    await userEvent.type(input, '1');
    expect(input.value).toHaveLength(12);
    expect(submit.disabled).toBe(false);
  });

  it('rejects a number that is not 10 digits without calling the server', async () => {
    const api = mockFetch({});
    const { input, submit } = await openPhoneStep();
    await userEvent.type(input, '55555501');
    await userEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.invalidPhone);
    expect(api.calls.filter((call) => !call.path.startsWith('/api/config/'))).toHaveLength(0);
  });

  it('validates the carrier, requests a code with +1 and moves to the code step', async () => {
    const api = mockFetch({
      'POST /api/phone/validate': () => [200, { valid: true, message: 'ok' }],
      'POST /api/auth/request-otp': () => [
        200,
        { success: true, message: 'Verification code sent' },
      ],
    });
    const { input, submit } = await openPhoneStep();
    await userEvent.type(input, '5555550123');
    await userEvent.click(submit);
    expect(await screen.findByRole('heading', { name: 'Enter the code we sent.' })).toBeTruthy();
    expect(api.callsTo('POST /api/phone/validate')[0]?.body).toEqual({ phone: '+15555550123' });
    expect(api.callsTo('POST /api/auth/request-otp')[0]?.body).toEqual({
      phone_number: '+15555550123',
      language: 'en',
    });
  });

  it('skips the code request for a test number ending in 1234567890', async () => {
    const api = mockFetch({});
    const { input, submit } = await openPhoneStep();
    await userEvent.type(input, '1234567890');
    await userEvent.click(submit);
    expect(await screen.findByRole('heading', { name: 'Enter the code we sent.' })).toBeTruthy();
    expect(api.calls.filter((call) => !call.path.startsWith('/api/config/'))).toHaveLength(0);
  });

  it('falls back to the carrier message when the phone check fails without one', async () => {
    mockFetch({ 'POST /api/phone/validate': () => [200, { valid: false, message: '' }] });
    const { input, submit } = await openPhoneStep();
    await userEvent.type(input, '5555550123');
    await userEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.invalidCarrier);
  });

  it('makes the number in a "Text START" reply click-to-copy', async () => {
    mockFetch({
      'POST /api/phone/validate': () => [200, { valid: true, message: 'ok' }],
      'POST /api/auth/request-otp': () => [
        400,
        { message: 'Text START to +1 (833) 555-0100 to receive messages', code: 'SMS_FAILED' },
      ],
    });
    const { input, submit } = await openPhoneStep();
    await userEvent.type(input, '5555550123');
    await userEvent.click(submit);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Text START to');
    expect(screen.getByRole('button', { name: 'Copy +1 (833) 555-0100' })).toBeTruthy();
  });

  it('shows "Failed to send verification code" when the request fails without a message', async () => {
    mockFetch({
      'POST /api/phone/validate': () => [200, { valid: true, message: 'ok' }],
      'POST /api/auth/request-otp': () => [500, {}],
    });
    const { input, submit } = await openPhoneStep();
    await userEvent.type(input, '5555550123');
    await userEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.failedToSendCode);
  });
});
