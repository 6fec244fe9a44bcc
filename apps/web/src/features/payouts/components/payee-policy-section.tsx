// The privacy policy's payee records section (issue 43): what the payee profile holds, what
// it is used for, and how long a deleted member's is kept (the tax law's years, which the
// retention sweep enforces from shared's PAYEE_RECORD_RETENTION_YEARS).
import { PAYEE_RECORD_RETENTION_YEARS } from '@bidboard/shared';
import { usePayoutsText } from '../i18n';

export function PayeePolicySection() {
  const t = usePayoutsText();
  return (
    <section className="legal__section">
      <h2>{t('policySection.heading')}</h2>
      <p>{t('policySection.what')}</p>
      <p>
        {t('policySection.kept', {
          usYears: PAYEE_RECORD_RETENTION_YEARS.US,
          caYears: PAYEE_RECORD_RETENTION_YEARS.CA,
        })}
      </p>
    </section>
  );
}
