import { MESSAGES } from '@bidboard/shared';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { CodeStep } from './code-step';

const PHONE = '+12125550143';

function renderCodeStep() {
  renderWithProviders(
    <CodeStep
      phoneNumber={PHONE}
      displayPhone="(212) 555-0143"
      getReferredBy={() => null}
      onVerified={vi.fn()}
      onChangeNumber={vi.fn()}
    />,
  );
  return screen.getByRole('button', { name: 'Resend code' }) as HTMLButtonElement;
}

const wait = (seconds: number) => act(() => vi.advanceTimersByTime(seconds * 1000));

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

describe("sign-in 'Resend code'", () => {
  it('counts down visibly, then sends a new code and counts down again', async () => {
    const api = mockFetch({
      'POST /api/auth/request-otp': () => [200, { success: true, message: MESSAGES.codeSent }],
    });
    const resend = renderCodeStep();
    expect(resend.disabled).toBe(true);
    expect(screen.getByText('You can ask for another in 0:30.')).toBeTruthy();
    await wait(12);
    expect(screen.getByText('You can ask for another in 0:18.')).toBeTruthy();
    await wait(18);
    expect(resend.disabled).toBe(false);
    expect(screen.queryByText(/You can ask for another/)).toBeNull();

    fireEvent.click(resend);
    expect(await screen.findByText(/We sent a new code\./)).toBeTruthy();
    expect(api.callsTo('POST /api/auth/request-otp')[0]?.body).toEqual({
      phone_number: PHONE,
      language: 'en',
    });
    expect(resend.disabled).toBe(true);
    expect(screen.getByText('You can ask for another in 0:30.')).toBeTruthy();
  });

  it("shows the server's send limit message when it refuses", async () => {
    mockFetch({
      'POST /api/auth/request-otp': () => [
        429,
        { message: MESSAGES.tooManyCodeRequests, code: 'RATE_LIMITED' },
      ],
    });
    const resend = renderCodeStep();
    await wait(30);
    fireEvent.click(resend);
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.tooManyCodeRequests);
  });
});
