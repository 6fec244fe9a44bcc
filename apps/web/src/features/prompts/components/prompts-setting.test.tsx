// Profile Settings' Prompts (issue 44): three slots, a prompt answered in one slot is not
// offered in another, a text answer saved with its prompt, a voice answer recorded (a
// stand-in MediaRecorder), heard back before Save and uploaded as the recording's bytes,
// Remove clears the slot, and the server's or the microphone's refusal is said.
import type { PromptAnswer } from '@bidboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { textsReady } from '@/lib/i18n';
import { fakeMicrophone } from '@/test/fake-media-recorder';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { PromptsSetting } from './prompts-setting';

const SAVED_TEXT: PromptAnswer = {
  id: 4,
  slot: 1,
  prompt_id: 'winMeOver',
  kind: 'text',
  text: 'Bring snacks',
  voice: null,
};

function serve(prompts: PromptAnswer[], overrides: Parameters<typeof mockFetch>[0] = {}) {
  localStorage.setItem('authToken', 'tok');
  return mockFetch({
    'GET /api/prompts': () => [200, { prompts }],
    'PUT /api/prompts/2': (call) => [
      200,
      {
        success: true,
        message: 'Saved',
        prompt: { ...SAVED_TEXT, slot: 2, ...(call.body as object) },
      },
    ],
    'POST /api/prompts/2/voice': () => [
      200,
      {
        success: true,
        message: 'Saved',
        prompt: {
          id: 9,
          slot: 2,
          prompt_id: 'karaokeSong',
          kind: 'voice',
          text: null,
          voice: { url: '/api/files/v.webm?sig=1', duration_ms: 3000, waveform: [50, 100] },
        },
      },
    ],
    'DELETE /api/prompts/1': () => [200, { success: true, message: 'Removed' }],
    ...overrides,
  });
}

const slot = (n: number) => document.querySelector(`[data-prompt-slot="${n}"]`) as HTMLElement;
/** The slot once the member's answers have arrived. */
async function findSlot(n: number) {
  await waitFor(() => expect(slot(n)).toBeTruthy());
  return within(slot(n));
}

beforeEach(async () => {
  await textsReady({ later: true });
  URL.createObjectURL = vi.fn(() => 'blob:recording');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Prompts in Profile Settings', () => {
  it('offers three slots; a prompt answered in one is not offered in another; a text answer is saved', async () => {
    const api = serve([SAVED_TEXT]);
    renderWithProviders(<PromptsSetting />);
    expect(await screen.findByRole('heading', { name: 'Prompts' })).toBeTruthy();
    expect(await screen.findAllByRole('combobox')).toHaveLength(3);
    const first = within(slot(1));
    expect((first.getByLabelText('Your answer') as HTMLTextAreaElement).value).toBe('Bring snacks');

    const second = within(slot(2));
    const choose = second.getByLabelText('Prompt 2');
    const offered = within(choose)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(offered).not.toContain('The way to win me over is…');
    expect(offered.length).toBeGreaterThan(25);
    await userEvent.selectOptions(choose, 'A perfect Thursday night…');
    const save = second.getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    await userEvent.type(second.getByLabelText('Your answer'), 'Tacos and a quiz');
    expect(second.getByText('16/150')).toBeTruthy();
    await userEvent.click(save);
    await waitFor(() =>
      expect(api.callsTo('PUT /api/prompts/2')[0]?.body).toEqual({
        prompt_id: 'thursdayNight',
        text: 'Tacos and a quiz',
      }),
    );
  });

  it('records a voice answer, plays it back before Save and uploads the recording', async () => {
    const mic = fakeMicrophone();
    const api = serve([]);
    renderWithProviders(<PromptsSetting />);
    const second = await findSlot(2);
    await userEvent.selectOptions(second.getByLabelText('Prompt 2'), 'My karaoke song…');
    await userEvent.click(second.getByRole('button', { name: 'Record' }));
    expect(second.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(second.getByRole('button', { name: 'Start recording' }));
    expect(await second.findByText('Recording… 0 s of 30')).toBeTruthy();
    mic.recorders[0]!.speak('opus-bytes');
    await userEvent.click(second.getByRole('button', { name: 'Stop' }));
    // Heard back before it is saved.
    await waitFor(() =>
      expect(slot(2).querySelector('audio')?.getAttribute('src')).toBe('blob:recording'),
    );
    expect(second.getByRole('button', { name: 'Record again' })).toBeTruthy();
    await userEvent.click(second.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /api/prompts/2/voice')).toHaveLength(1));
    const [upload] = api.callsTo('POST /api/prompts/2/voice');
    expect(upload!.query.get('prompt_id')).toBe('karaokeSong');
    expect(upload!.headers['Content-Type']).toBe('audio/webm;codecs=opus');
    const init = (fetch as Mock).mock.calls.find(([url]) => String(url).includes('/voice'))![1];
    expect(await (init.body as Blob).text()).toBe('opus-bytes');
    expect(await second.findByText('Saved')).toBeTruthy();
  });

  it('says why when the microphone is refused, and shows the server’s refusal', async () => {
    fakeMicrophone({ denied: true });
    serve([], {
      'PUT /api/prompts/2': () => [400, { message: 'Your answer contains restricted words.' }],
    });
    renderWithProviders(<PromptsSetting />);
    const second = await findSlot(2);
    await userEvent.selectOptions(second.getByLabelText('Prompt 2'), 'My karaoke song…');
    await userEvent.click(second.getByRole('button', { name: 'Record' }));
    await userEvent.click(second.getByRole('button', { name: 'Start recording' }));
    expect((await second.findByRole('alert')).textContent).toBe(
      'Please allow microphone access and try again.',
    );
    await userEvent.click(second.getByRole('button', { name: 'Write' }));
    await userEvent.type(second.getByLabelText('Your answer'), 'rude words');
    await userEvent.click(second.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(second.getByRole('alert').textContent).toBe('Your answer contains restricted words.'),
    );
  });

  it('Remove clears a saved answer', async () => {
    const api = serve([SAVED_TEXT]);
    renderWithProviders(<PromptsSetting />);
    const first = await findSlot(1);
    await userEvent.click(await first.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/prompts/1')).toHaveLength(1));
    await waitFor(() =>
      expect((first.getByLabelText('Prompt 1') as HTMLSelectElement).value).toBe(''),
    );
  });
});
