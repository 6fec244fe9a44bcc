// A prompt slide (issue 44): the prompt is the caption, in the member's language; a text
// answer shows its words, a voice answer a play button and its waveform, never a transcript.
import type { PromptAnswer } from '@bidboard/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage, textsReady } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { PromptSlide } from './prompt-slide';

const VOICE: PromptAnswer = {
  id: 7,
  slot: 1,
  prompt_id: 'karaokeSong',
  kind: 'voice',
  text: null,
  voice: {
    url: '/api/files/dev/voice-answers/1/a.webm?exp=1&sig=x',
    duration_ms: 4200,
    waveform: [10, 100, 40],
  },
};

afterEach(async () => {
  setLanguage('en');
  await textsReady({ later: true });
});

describe('PromptSlide', () => {
  it('shows a text answer under its prompt', async () => {
    await textsReady({ later: true });
    renderWithProviders(
      <PromptSlide
        prompt={{
          ...VOICE,
          kind: 'text',
          prompt_id: 'winMeOver',
          text: 'Bring snacks',
          voice: null,
        }}
      />,
    );
    expect(await screen.findByText('The way to win me over is…')).toBeTruthy();
    expect(screen.getByText('Bring snacks')).toBeTruthy();
  });

  it('plays a voice answer from its signed URL, with its waveform and no transcript', async () => {
    setLanguage('fr-CA');
    await textsReady({ later: true });
    const { container } = renderWithProviders(<PromptSlide prompt={VOICE} />);
    expect(await screen.findByText('Ma chanson de karaoké…')).toBeTruthy();
    expect(
      screen.getByRole('button', {
        name: 'Écouter la réponse vocale à «\u00a0Ma chanson de karaoké…\u00a0»',
      }),
    ).toBeTruthy();
    expect(container.querySelector('audio')?.getAttribute('src')).toBe(VOICE.voice!.url);
    expect(container.querySelectorAll('.voice-player__wave span')).toHaveLength(3);
    expect(container.querySelector('blockquote')).toBeNull();
  });
});
