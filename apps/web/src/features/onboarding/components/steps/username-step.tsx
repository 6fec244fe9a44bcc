// Step 3: username (accounts §5 'Username'): the shape rules, then the server's content
// check (with the client retry rules) and the availability check.
import {
  CONTENT_MESSAGES,
  needsAvailabilityCheck,
  USERNAME_MAX,
  USERNAME_MESSAGES,
  validateUsername,
} from '@bidboard/shared';
import { useState } from 'react';
import { isUsernameAvailable, usernameContentCheck } from '../../api/content-checks';
import { useOnboardingText } from '../../i18n';
import { runContentCheck } from '../../lib/content-check';
import { required, StepError, StepForm, useStepState } from '../step-form';
import type { StepProps } from './step-props';

async function checkUsername(raw: string, current: string | null): Promise<string> {
  const username = required(validateUsername(raw));
  const content = await runContentCheck({
    text: username,
    request: () => usernameContentCheck(username),
    rejectMessage: CONTENT_MESSAGES.username,
  });
  required(content);
  if (needsAvailabilityCheck(username, current)) {
    // If the availability check itself fails, saving still refuses a taken name.
    const available = await isUsernameAvailable(username).catch(() => true);
    if (!available) throw new StepError(USERNAME_MESSAGES.taken);
  }
  return username;
}

export function UsernameStep({ user, save }: StepProps) {
  const t = useOnboardingText();
  const state = useStepState();
  const [username, setUsername] = useState(user.username ?? '');
  return (
    <StepForm
      state={state}
      title={t('username.title')}
      help={t('username.help')}
      save={save}
      collect={async () => ({ username: await checkUsername(username, user.username) })}
      note={
        username.trim() ? (
          <p className="ob-note">
            {window.location.host}/<strong>{username.trim()}</strong>
          </p>
        ) : null
      }
    >
      <div className="ob-prefixed focus-ring-within">
        <span className="ob-prefixed__prefix" aria-hidden="true">
          @
        </span>
        <input
          className="ob-input ob-input--big ob-prefixed__input"
          aria-label={t('username.label')}
          aria-invalid={state.error ? true : undefined}
          aria-describedby={state.error ? state.errorId : undefined}
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={USERNAME_MAX + 6}
          placeholder={t('username.placeholder')}
          value={username}
          autoFocus
          onChange={(event) => {
            setUsername(event.currentTarget.value);
            state.setError(null);
          }}
        />
      </div>
    </StepForm>
  );
}
