// /policy/biometric (issue 42): the public biometric data retention policy, in the member's
// language, with the periods the server enforces (its settings, never written here).
import { LegalPage } from '@/features/legal';
import { useBiometricPolicy } from '../api/biometric-consent';
import { useConsentText } from '../i18n';

export function BiometricPolicyPage() {
  const t = useConsentText();
  const policy = useBiometricPolicy();
  if (!policy.data) {
    return <main className="consent__loading" role="status" aria-label={t('screen.loading')} />;
  }
  const { retention_days: days, video_retention_days: videoDays, version } = policy.data;
  return (
    <LegalPage
      document={{
        title: t('policy.title'),
        summary: t('policy.summary'),
        sections: [
          { heading: t('policy.whatHeading'), paragraphs: [t('policy.what')] },
          { heading: t('policy.consentHeading'), paragraphs: [t('policy.consent')] },
          {
            heading: t('policy.destroyHeading'),
            paragraphs: [t('policy.destroyIntro')],
            list: [
              t('policy.destroyWithdraw'),
              t('policy.destroyDelete'),
              t('policy.destroyInactive', { days }),
            ],
          },
          { heading: t('policy.videoHeading'), paragraphs: [t('policy.video', { videoDays })] },
          { heading: t('policy.accessHeading'), paragraphs: [t('policy.access')] },
          {
            heading: t('policy.enforcementHeading'),
            paragraphs: [t('policy.enforcement'), t('policy.version', { version })],
          },
        ],
      }}
    />
  );
}
