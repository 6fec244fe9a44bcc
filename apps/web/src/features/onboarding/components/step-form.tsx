// The frame of one wizard question: title, help text, the field, its error underneath and
// the Continue button. Submitting the form (Continue or Enter) runs the step's `collect`,
// which returns the fields to save or throws a StepError; errors keep the member here.
import type { UpdateProfileBody } from '@bidboard/shared';
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useSharedText } from '@/lib/i18n';
import { useOnboardingText } from '../i18n';

export class StepError extends Error {}

export type SaveStep = (fields: UpdateProfileBody) => Promise<void>;

/** Error state shared by a step and its frame, so a step can also report blur errors. */
export function useStepState() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  return { error, setError, busy, setBusy, errorId };
}
export type StepState = ReturnType<typeof useStepState>;

interface StepFormProps {
  state: StepState;
  title: string;
  help?: ReactNode;
  save: SaveStep;
  collect: () => Promise<UpdateProfileBody> | UpdateProfileBody;
  children: ReactNode;
  continueLabel?: string;
  /** Shown under the field when there is no error, e.g. the postal confirmation. */
  note?: ReactNode;
}

export function StepForm({
  state,
  title,
  help,
  save,
  collect,
  children,
  continueLabel,
  note,
}: StepFormProps) {
  const t = useOnboardingText();
  // The rules' messages are the shared English; shown in the language on screen.
  const { sharedText } = useSharedText();
  const { error, setError, busy, setBusy, errorId } = state;
  const form = useRef<HTMLFormElement>(null);

  // Enter advances even when nothing in the form has focus (after tapping a card).
  useEffect(() => {
    const handleKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Enter' && event.target === document.body) form.current?.requestSubmit();
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, []);

  // Selects and choice cards do not submit on Enter by themselves; text fields already do.
  const handleKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || event.defaultPrevented) return;
    if (target.tagName === 'SELECT' || (target as HTMLInputElement).type === 'radio') {
      event.preventDefault();
      form.current?.requestSubmit();
    }
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await save(await collect());
    } catch (failure) {
      setError(
        failure instanceof StepError ? failure.message : errorMessage(failure, t('wizard.failed')),
      );
      setBusy(false);
      return;
    }
    setBusy(false);
  };

  return (
    <form
      ref={form}
      className="ob-step"
      onSubmit={handleSubmit}
      onKeyDown={handleKeyDown}
      noValidate
      aria-busy={busy || undefined}
    >
      <h1 className="ob-title">{title}</h1>
      {help ? <p className="ob-help">{help}</p> : null}
      <div className="ob-field">{children}</div>
      {error ? (
        <p className="field-error ob-error" id={errorId} role="alert">
          {sharedText(error)}
        </p>
      ) : (
        note
      )}
      <div className="ob-actions">
        <Button type="submit" block busy={busy}>
          {continueLabel ?? t('wizard.continue')}
        </Button>
      </div>
    </form>
  );
}

/** Throws the rule's message so the frame shows it under the field. */
export function required<T>(result: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!result.ok) throw new StepError(result.message);
  return result.value;
}
