// The Prompts section of Profile Settings (issue 44): three slots, each optional.
import { PROMPT_SLOTS } from '@bidboard/shared';
import { useMyPrompts } from '../api/prompts';
import { usePromptsText } from '../i18n';
import { PromptSlotEditor } from './prompt-slot-editor';
import './prompts.css';

export function PromptsEditor() {
  const prompts = useMyPrompts();
  if (!prompts.data) return null;
  const answers = prompts.data;
  return (
    <>
      {Array.from({ length: PROMPT_SLOTS }, (_, i) => i + 1).map((slot) => {
        const answer = answers.find((a) => a.slot === slot);
        return (
          <PromptSlotEditor
            // A saved answer starts the slot over from what the server kept.
            key={`${slot}:${answer?.id ?? 'empty'}:${answer?.prompt_id ?? ''}`}
            slot={slot}
            answer={answer}
            taken={answers.filter((a) => a.slot !== slot).map((a) => a.prompt_id)}
          />
        );
      })}
    </>
  );
}

export function PromptsSetting() {
  const t = usePromptsText();
  return (
    <section className="settings-section" aria-labelledby="settings-prompts">
      <h3 className="settings-section__title" id="settings-prompts">
        {t('setting.title')}
      </h3>
      <p className="prompts-setting__status">{t('setting.lead')}</p>
      <PromptsEditor />
    </section>
  );
}
