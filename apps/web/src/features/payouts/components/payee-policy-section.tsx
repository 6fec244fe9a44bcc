// The privacy policy's payee records section (issue 43): what the payee profile holds, what
// it is used for, and how long a deleted member's is kept: the years this server's
// retention sweep enforces (PAYEE_RECORD_RETENTION_YEARS_US/_CA, never below the tax law's),
// read from the public GET /payee-record-policy.
import { usePayeeRecordPolicy } from '../api/record-policy';
import { usePayoutsText } from '../i18n';

export function PayeePolicySection() {
  const t = usePayoutsText();
  const policy = usePayeeRecordPolicy();
  return (
    <section className="legal__section">
      <h2>{t('policySection.heading')}</h2>
      <p>{t('policySection.what')}</p>
      {policy.data ? (
        <p>
          {t('policySection.kept', {
            usYears: policy.data.retention_years.US,
            caYears: policy.data.retention_years.CA,
          })}
        </p>
      ) : null}
    </section>
  );
}
