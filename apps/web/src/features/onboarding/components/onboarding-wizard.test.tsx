import type { User } from '@bidboard/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/test/factories';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

/** A member part-way through onboarding whose saves the fake server answers with `advance`. */
function onboardingAs(
  overrides: Partial<User>,
  advance: (call: RecordedCall, user: User) => [number, unknown] = (call, user) => {
    const body = call.body as Partial<User>;
    return [200, { success: true, message: 'ok', user: { ...user, ...body } }];
  },
  extra: Parameters<typeof mockFetch>[0] = {},
) {
  localStorage.setItem('authToken', 'tok');
  const user = buildUser({ username: null, gender: null, ...overrides });
  return mockFetch({
    'GET /api/auth/me': () => [200, { user }],
    'POST /api/auth/update-profile': (call) => advance(call, user),
    ...extra,
  });
}

// jsdom has no ResizeObserver; Radix measures the switch thumb with one.
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

const heading = (name: string | RegExp) => screen.findByRole('heading', { name });

describe('onboarding wizard', () => {
  it('resumes at the stored step with the progress bar part-way', async () => {
    onboardingAs({ onboarded: 3 });
    renderApp('/onboarding');
    expect(await heading('Pick your username.')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Onboarding progress' });
    expect(Number(bar.getAttribute('aria-valuenow'))).toBe(21);
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('saves the step on Continue and shows the step the server returns', async () => {
    const api = onboardingAs({ onboarded: 2 });
    renderApp('/onboarding');
    await heading('How do you identify?');
    await userEvent.click(screen.getByRole('radio', { name: 'Non-binary' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await heading('Pick your username.')).toBeTruthy();
    expect(api.callsTo('POST /api/auth/update-profile')[0]?.body).toEqual({
      gender: 'non-binary',
      onboarded: 3,
    });
  });

  it('shows a rule error under the field and stays on the step without saving', async () => {
    const api = onboardingAs({ onboarded: 3 });
    renderApp('/onboarding');
    await userEvent.type(await screen.findByLabelText('Username'), 'admin{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This username is reserved and cannot be used',
    );
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST /api/auth/update-profile')).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Pick your username.' })).toBeTruthy();
  });

  it('keeps the member on the step with the server message when a save is refused', async () => {
    onboardingAs({ onboarded: 2 }, () => [
      400,
      { message: 'Please complete this step before continuing.', code: 'VALIDATION' },
    ]);
    renderApp('/onboarding');
    await heading('How do you identify?');
    await userEvent.click(screen.getByRole('radio', { name: 'Female' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please complete this step before continuing.',
    );
    expect(screen.getByRole('heading', { name: 'How do you identify?' })).toBeTruthy();
  });

  it('asks for a choice before continuing', async () => {
    onboardingAs({ onboarded: 2 });
    renderApp('/onboarding');
    await heading('How do you identify?');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please select your gender');
  });

  it('checks the username with the server on Enter, then saves it', async () => {
    const api = onboardingAs({ onboarded: 3 }, undefined, {
      'POST /api/auth/username-validation': () => [
        200,
        { success: true, isValid: true, reason: null },
      ],
      'POST /api/auth/check-username': () => [200, { available: true, exists: false }],
    });
    renderApp('/onboarding');
    await userEvent.type(await screen.findByLabelText('Username'), ' sunny_day {Enter}');
    expect(await heading('Are you here for dating?')).toBeTruthy();
    expect(api.callsTo('POST /api/auth/username-validation')[0]?.body).toEqual({
      username: 'sunny_day',
    });
    expect(api.callsTo('POST /api/auth/update-profile')[0]?.body).toEqual({
      username: 'sunny_day',
      onboarded: 4,
    });
  });

  it('says a taken username is taken', async () => {
    onboardingAs({ onboarded: 3 }, undefined, {
      'POST /api/auth/username-validation': () => [
        200,
        { success: true, isValid: true, reason: null },
      ],
      'POST /api/auth/check-username': () => [200, { available: false, exists: true }],
    });
    renderApp('/onboarding');
    await userEvent.type(await screen.findByLabelText('Username'), 'demo{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Username is already taken');
  });

  it('skips the age range and seeking steps after No, and Back skips them too', async () => {
    const api = onboardingAs({ onboarded: 4, open_to_dating: true }, (_call, user) => [
      200,
      { success: true, message: 'ok', user: { ...user, open_to_dating: false, onboarded: 7 } },
    ]);
    renderApp('/onboarding');
    await heading('Are you here for dating?');
    await userEvent.click(screen.getByRole('radio', { name: /^No/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await heading('Share a favorite thing.')).toBeTruthy();
    expect(api.callsTo('POST /api/auth/update-profile')[0]?.body).toEqual({
      open_to_dating: false,
      onboarded: 5,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await heading('Are you here for dating?')).toBeTruthy();
    expect((screen.getByRole('radio', { name: /^No/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('offers only unused categories and saves the cleaned favourite answer', async () => {
    const api = onboardingAs(
      { onboarded: 8, favorite_thing_1: 'movie', favorite_thing_1_answer: 'Heat' },
      undefined,
      {
        'POST /api/auth/favorite-thing-validation': () => [
          200,
          { success: true, isValid: true, reason: null, cleanedInput: 'Jazz' },
        ],
      },
    );
    renderApp('/onboarding');
    await heading('Now a second favorite.');
    const category = screen.getByLabelText('Category') as HTMLSelectElement;
    const values = [...category.options].map((o) => o.value);
    expect(values).not.toContain('movie');
    expect(values).toContain('music');
    await userEvent.selectOptions(category, 'music');
    await userEvent.type(screen.getByLabelText('Your answer'), '  Jazz  {Enter}');
    await waitFor(() => expect(api.callsTo('POST /api/auth/update-profile')).toHaveLength(1));
    expect(api.callsTo('POST /api/auth/update-profile')[0]?.body).toEqual({
      favorite_thing_2: 'music',
      favorite_thing_2_answer: 'Jazz',
      onboarded: 9,
    });
  });

  it('shows the postal-code blur message and the city once the code is found', async () => {
    onboardingAs({ onboarded: 1, postal_code: null }, undefined, {
      'POST /api/postal/validate': () => [
        200,
        { success: true, data: { zip: '10001', country: 'US', state: 'NY', city: 'New York' } },
      ],
    });
    renderApp('/onboarding');
    const box = (await screen.findByLabelText('Postal code')) as HTMLInputElement;
    await userEvent.type(box, 'm5v2t');
    expect(box.value).toBe('M5V 2T');
    await userEvent.clear(box);
    await userEvent.type(box, '100');
    await userEvent.tab();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Postal code must be at least 5 characters',
    );
    await userEvent.type(box, '01');
    await userEvent.tab();
    expect((await screen.findByRole('status')).textContent).toBe('New York, NY');
  });

  it('refuses an under-18 date of birth', async () => {
    onboardingAs({ onboarded: 0, birth_date: null });
    renderApp('/onboarding');
    await heading("When's your birthday?");
    const thisYear = new Date().getUTCFullYear();
    await userEvent.selectOptions(screen.getByLabelText('Month'), '12');
    await userEvent.selectOptions(screen.getByLabelText('Day'), '31');
    await userEvent.selectOptions(screen.getByLabelText('Year'), String(thisYear - 18));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You must be at least 18 years old to use Bidboard.',
    );
  });

  it('saves the SMS choice and goes to /referral when finished', async () => {
    const api = onboardingAs({ onboarded: 13 });
    const { router } = renderApp('/onboarding');
    await heading('Want a text when it matters?');
    await userEvent.click(
      screen.getByRole('switch', {
        name: 'I agree to account-notification texts. Msg & data rates may apply.',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/referral'));
    expect(router.state.location.state).toEqual({ fromOnboarding: true });
    expect(api.callsTo('POST /api/auth/update-profile')[0]?.body).toEqual({
      sms_notification: true,
      onboarded: 14,
    });
    expect(await screen.findByText('Profile complete')).toBeTruthy();
  });

  it('goes to the stored referrer after the last step, clearing it', async () => {
    onboardingAs({ onboarded: 13 });
    localStorage.setItem('referralUsername', 'dave');
    const { router } = renderApp('/onboarding');
    await userEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dave'));
    expect(localStorage.getItem('referralUsername')).toBeNull();
  });

  it('shows a New Jersey member the safety notice once the postal code is saved', async () => {
    let acknowledged: string[] = [];
    const api = onboardingAs({ onboarded: 2, country: 'US', state: 'NJ' }, undefined, {
      'GET /api/safety-notices': () => [200, { jurisdiction: 'US-NJ', acknowledged }],
      'POST /api/safety-notices/acknowledge': () => {
        acknowledged = ['sign_up'];
        return [200, { jurisdiction: 'US-NJ', acknowledged }];
      },
    });
    renderApp('/onboarding');
    expect(await heading('Safety notice for New Jersey members')).toBeTruthy();
    const statement = screen.getByText(
      'BIDBOARD DOES NOT CONDUCT CRIMINAL BACKGROUND SCREENINGS ON ITS MEMBERS.',
    );
    expect(statement.getAttribute('data-form')).toBe('bold_capitals_12pt');
    expect(screen.getByText(/N\.J\.S\.A\. 56:8-168/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'I have read this notice' }));
    expect(await heading('How do you identify?')).toBeTruthy();
    expect(api.callsTo('POST /api/safety-notices/acknowledge')[0]?.body).toEqual({
      placement: 'sign_up',
    });
    // The sign-up pages that follow keep the statement.
    expect(
      screen.getByText('BIDBOARD DOES NOT CONDUCT CRIMINAL BACKGROUND SCREENINGS ON ITS MEMBERS.'),
    ).toBeTruthy();
  });

  it('shows no notice to a member where the law asks for none', async () => {
    const api = onboardingAs({ onboarded: 2, country: 'US', state: 'PA' });
    renderApp('/onboarding');
    expect(await heading('How do you identify?')).toBeTruthy();
    expect(screen.queryByText(/CRIMINAL BACKGROUND/)).toBeNull();
    expect(api.callsTo('GET /api/safety-notices')).toHaveLength(0);
  });
});
