// The optional prompts screen of onboarding (issue 44): shown once after the bio is saved,
// before the SMS step. It is no step of the spec's fourteen: nothing it does moves the
// `onboarded` counter, and Skip leaves it at once.
import { Button } from '@/components/ui/button';
import { usePromptsText } from '../i18n';
import { PromptsEditor } from './prompts-setting';
import './prompts.css';

export function PromptsOnboardingScreen({ onDone }: { onDone: () => void }) {
  const t = usePromptsText();
  return (
    <section className="ob-step" aria-labelledby="ob-prompts-title">
      <h1 className="ob-title" id="ob-prompts-title">
        {t('onboarding.title')}
      </h1>
      <p className="ob-help">{t('onboarding.lead')}</p>
      <div className="ob-field">
        <PromptsEditor />
      </div>
      <div className="ob-actions">
        <Button block onClick={onDone}>
          {t('onboarding.continue')}
        </Button>
        <Button block variant="ghost" onClick={onDone}>
          {t('onboarding.skip')}
        </Button>
      </div>
    </section>
  );
}
