// One prompt slide of a member's card (issue 44), after the photos: the prompt as its
// caption, then the text answer or the voice answer's player (never a transcript).
import { PROMPT_TEXTS, type PromptAnswer } from '@bidboard/shared';
import { useSharedText } from '@/lib/i18n';
import { usePromptsText } from '../i18n';
import { VoicePlayer } from './voice-player';
import './prompts.css';

export function PromptSlide({ prompt }: { prompt: PromptAnswer }) {
  const t = usePromptsText();
  const { sharedText } = useSharedText();
  const caption = sharedText(PROMPT_TEXTS[prompt.prompt_id]);
  return (
    <figure className="prompt-slide">
      <figcaption className="prompt-slide__prompt">{caption}</figcaption>
      {prompt.voice ? (
        <>
          <p className="prompt-slide__kind">{t('slide.voice')}</p>
          <VoicePlayer
            url={prompt.voice.url}
            durationMs={prompt.voice.duration_ms}
            waveform={prompt.voice.waveform}
            prompt={caption}
          />
        </>
      ) : (
        <blockquote className="prompt-slide__answer">{prompt.text}</blockquote>
      )}
    </figure>
  );
}
