// The privacy policy's biometric data section (issue 42): what the consent covers, the
// periods the server enforces, and the link to the full retention policy.
import { Link } from 'react-router';
import { useBiometricPolicy } from '../api/biometric-consent';
import { useConsentText } from '../i18n';

export function BiometricPolicySection() {
  const t = useConsentText();
  const policy = useBiometricPolicy();
  return (
    <section className="legal__section">
      <h2>{t('policySection.heading')}</h2>
      {policy.data ? (
        <p>
          {t('policySection.body', {
            days: policy.data.retention_days,
            videoDays: policy.data.video_retention_days,
          })}
        </p>
      ) : null}
      <p>
        <Link to="/policy/biometric">{t('screen.policyLink')}</Link>
      </p>
    </section>
  );
}
