// The privacy policy's location section (issue 44): what location the product holds (the
// postal code's centre), what other members see of it (a rounded distance, or nothing),
// and why repeated looks cannot narrow it down.
import { useDatingPreferencesText } from '../i18n';

export function LocationPolicySection() {
  const t = useDatingPreferencesText();
  return (
    <section className="legal__section">
      <h2>{t('policy.heading')}</h2>
      <p>{t('policy.centroid')}</p>
      <p>{t('policy.rounded')}</p>
      <p>{t('policy.hide')}</p>
    </section>
  );
}
