// The biometric consent screen (issue 42), shown before the face-turn video is recorded,
// on onboarding step 11 and before any re-recording: what is measured, why, who sees it,
// how long it is kept (the server's numbers) and how to withdraw. Agreeing is its own
// button; the member may go on without it, and either decision is stored with the version
// of the words they read before the camera opens.
import { BIOMETRIC_CONSENT_VERSION } from '@bidboard/shared';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useBiometricConsent, useDecideConsent } from '../api/biometric-consent';
import { useConsentText } from '../i18n';
import './consent.css';

export function BiometricConsentScreen({ onDecided }: { onDecided: () => void }) {
  const t = useConsentText();
  const state = useBiometricConsent();
  const decide = useDecideConsent();
  const handleDecision = (decision: 'agreed' | 'declined') => {
    decide.mutate({ decision, version: BIOMETRIC_CONSENT_VERSION }, { onSuccess: onDecided });
  };
  if (!state.data) {
    return state.isError ? (
      <p className="field-error" role="alert">
        {errorMessage(state.error, t('screen.saveFailed'))}
      </p>
    ) : (
      <div className="consent__loading" role="status" aria-label={t('screen.loading')} />
    );
  }
  const sections = [
    ['screen.whatTitle', 'screen.what'],
    ['screen.whyTitle', 'screen.why'],
    ['screen.whoTitle', 'screen.who'],
    ['screen.howLongTitle', 'screen.howLong'],
    ['screen.withdrawTitle', 'screen.withdraw'],
    ['screen.declineTitle', 'screen.decline'],
  ] as const;
  const values = { days: state.data.retention_days, videoDays: state.data.video_retention_days };
  return (
    <section className="consent" aria-labelledby="consent-title">
      <header className="consent__header">
        <h2 id="consent-title" className="consent__title">
          {t('screen.title')}
        </h2>
        <p className="consent__lead">{t('screen.lead')}</p>
      </header>
      <dl className="consent__terms">
        {sections.map(([title, body]) => (
          <div key={title} className="consent__term">
            <dt>{t(title)}</dt>
            <dd>{t(body, values)}</dd>
          </div>
        ))}
      </dl>
      <p className="consent__policy">
        <Link to="/policy/biometric">{t('screen.policyLink')}</Link>
      </p>
      {decide.isError ? (
        <p className="field-error" role="alert">
          {errorMessage(decide.error, t('screen.saveFailed'))}
        </p>
      ) : null}
      <div className="consent__actions">
        <Button block busy={decide.isPending} onClick={() => handleDecision('agreed')}>
          {t('screen.agree')}
        </Button>
        <Button
          block
          variant="secondary"
          disabled={decide.isPending}
          onClick={() => handleDecision('declined')}
        >
          {t('screen.continueWithout')}
        </Button>
      </div>
    </section>
  );
}
