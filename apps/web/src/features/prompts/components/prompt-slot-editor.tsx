// One prompt slot in Profile Settings and onboarding (issue 44): a prompt from the shared
// list (each once), answered in words (150 characters, the bio's checks on the server) or
// recorded with the microphone (WebM/Opus, stopped at 30 s); Save sends it, Remove clears it.
import {
  PROMPT_ANSWER_MAX,
  PROMPT_IDS,
  PROMPT_TEXTS,
  type PromptAnswer,
  type PromptId,
} from '@bidboard/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import '@/components/ui/settings-field/settings-field.css';
import { errorMessage } from '@/lib/api-client';
import { useSharedText } from '@/lib/i18n';
import { useChangePrompt } from '../api/prompts';
import { usePromptsText } from '../i18n';
import { RecorderError, startVoiceRecording, type VoiceRecording } from '../lib/voice-recorder';
import { VoicePlayer } from './voice-player';

interface PromptSlotEditorProps {
  slot: number;
  answer: PromptAnswer | undefined;
  /** Prompts answered in the other slots: not offered here. */
  taken: readonly PromptId[];
}

type Mode = 'text' | 'voice';

export function PromptSlotEditor({ slot, answer, taken }: PromptSlotEditorProps) {
  const t = usePromptsText();
  const { sharedText } = useSharedText();
  const ids = useId();
  const change = useChangePrompt();
  const [promptId, setPromptId] = useState<PromptId | ''>(answer?.prompt_id ?? '');
  const [mode, setMode] = useState<Mode>(answer?.kind ?? 'text');
  const [text, setText] = useState(answer?.text ?? '');
  const [recording, setRecording] = useState<Blob | null>(null);
  const [recordingUrl, setRecordingUrl] = useState<string | null>(null);
  const [elapsed, setElapsed] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const active = useRef<VoiceRecording | null>(null);

  useEffect(() => () => active.current?.cancel(), []);
  useEffect(() => {
    if (elapsed === null) return;
    const timer = setTimeout(() => setElapsed((s) => (s === null ? s : s + 1)), 1000);
    return () => clearTimeout(timer);
  }, [elapsed]);
  useEffect(() => {
    if (!recording) return;
    const url = URL.createObjectURL(recording);
    setRecordingUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [recording]);

  const handleRecorded = (blob: Blob) => {
    active.current = null;
    setElapsed(null);
    setRecording(blob);
  };

  const handleStart = async () => {
    setProblem(null);
    setSaved(false);
    setRecording(null);
    try {
      active.current = await startVoiceRecording(handleRecorded);
      setElapsed(0);
    } catch (error) {
      const denied = error instanceof RecorderError && error.problem === 'denied';
      setProblem(t(denied ? 'record.denied' : 'record.unsupported'));
    }
  };

  const handleSave = () => {
    if (!promptId) return;
    setProblem(null);
    setSaved(false);
    const onError = (error: unknown) =>
      setProblem(sharedText(errorMessage(error, t('slot.failed'))));
    const onSuccess = () => {
      setSaved(true);
      setRecording(null);
    };
    if (mode === 'voice') {
      if (!recording) return;
      change.mutate(
        { slot, kind: 'voice', prompt_id: promptId, recording },
        { onSuccess, onError },
      );
    } else {
      change.mutate({ slot, kind: 'text', prompt_id: promptId, text }, { onSuccess, onError });
    }
  };

  const handleRemove = () => {
    setProblem(null);
    change.mutate(
      { slot, kind: 'remove' },
      {
        onSuccess: () => {
          setPromptId('');
          setText('');
          setRecording(null);
        },
        onError: (error) => setProblem(sharedText(errorMessage(error, t('slot.failed')))),
      },
    );
  };

  const canSave = promptId !== '' && (mode === 'voice' ? recording !== null : text.trim() !== '');
  const savedVoice = mode === 'voice' && !recording && answer?.voice ? answer.voice : null;
  return (
    <div className="prompts-setting__slot" data-prompt-slot={slot}>
      <div className="settings-field">
        <label className="settings-field__label" htmlFor={`${ids}-prompt`}>
          {t('slot.label', { slot })}
        </label>
        <select
          id={`${ids}-prompt`}
          className="settings-select"
          value={promptId}
          onChange={(event) => setPromptId(event.target.value as PromptId)}
        >
          <option value="">{t('slot.choose')}</option>
          {PROMPT_IDS.filter((id) => id === promptId || !taken.includes(id)).map((id) => (
            <option key={id} value={id}>
              {sharedText(PROMPT_TEXTS[id])}
            </option>
          ))}
        </select>
      </div>
      {promptId ? (
        <>
          <fieldset className="prompts-setting__modes" aria-label={t('slot.label', { slot })}>
            {(['text', 'voice'] as const).map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={mode === value}
                className={mode === value ? 'choice-chip choice-chip--selected' : 'choice-chip'}
                onClick={() => setMode(value)}
              >
                {t(value === 'text' ? 'slot.write' : 'slot.record')}
              </button>
            ))}
          </fieldset>
          {mode === 'text' ? (
            <div className="settings-field">
              <label className="settings-field__label" htmlFor={`${ids}-text`}>
                {t('slot.answer')}
              </label>
              <textarea
                id={`${ids}-text`}
                className="settings-textarea"
                value={text}
                maxLength={PROMPT_ANSWER_MAX}
                onChange={(event) => setText(event.target.value)}
              />
              <span className="settings-field__hint">
                {text.trim().length}/{PROMPT_ANSWER_MAX}
              </span>
            </div>
          ) : (
            <div className="prompts-setting__actions">
              {elapsed === null ? (
                <Button variant="secondary" size="md" onClick={() => void handleStart()}>
                  {t(recording || savedVoice ? 'record.again' : 'record.start')}
                </Button>
              ) : (
                <>
                  <Button variant="secondary" size="md" onClick={() => void active.current?.stop()}>
                    {t('record.stop')}
                  </Button>
                  <p className="prompts-setting__status" role="status">
                    {t('record.recording', { seconds: elapsed })}
                  </p>
                </>
              )}
            </div>
          )}
          {mode === 'voice' && recordingUrl && recording ? (
            // biome-ignore lint/a11y/useMediaCaption: the member's own recording, heard before it is saved
            <audio className="prompts-setting__preview" controls src={recordingUrl} />
          ) : null}
          {savedVoice ? (
            <VoicePlayer
              url={savedVoice.url}
              durationMs={savedVoice.duration_ms}
              waveform={savedVoice.waveform}
              prompt={sharedText(PROMPT_TEXTS[promptId])}
            />
          ) : null}
          <div className="prompts-setting__actions">
            <Button size="md" onClick={handleSave} disabled={!canSave} busy={change.isPending}>
              {t('slot.save')}
            </Button>
            {answer ? (
              <Button variant="ghost" size="md" onClick={handleRemove} disabled={change.isPending}>
                {t('slot.remove')}
              </Button>
            ) : null}
          </div>
        </>
      ) : null}
      {problem ? (
        <p className="prompts-setting__error" role="alert">
          {problem}
        </p>
      ) : null}
      {saved ? (
        <p className="prompts-setting__status" role="status">
          {t('slot.saved')}
        </p>
      ) : null}
    </div>
  );
}
