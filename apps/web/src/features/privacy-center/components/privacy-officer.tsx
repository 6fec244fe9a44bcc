// The privacy officer (issue 42; Law 25, PIPEDA): who answers privacy questions, requests and
// complaints, from the server's PRIVACY_OFFICER_CONTACT (public GET /privacy-policy). Shown in
// the Privacy Center and as a section of the privacy policy.
import { usePrivacyPolicy } from '../api/privacy';
import { usePrivacyText } from '../i18n';

export function PrivacyOfficer({ className }: { className?: string }) {
  const t = usePrivacyText();
  const policy = usePrivacyPolicy();
  if (!policy.data) return null;
  return (
    <p className={className}>{t('officerContact', { contact: policy.data.privacy_officer })}</p>
  );
}

/** The privacy policy's section naming the privacy officer. */
export function PrivacyOfficerPolicySection() {
  const t = usePrivacyText();
  return (
    <section className="legal__section">
      <h2>{t('officerHeading')}</h2>
      <PrivacyOfficer />
    </section>
  );
}
