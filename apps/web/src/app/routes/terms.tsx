// /terms: Terms and Conditions.
import { LegalPage, TERMS } from '@/features/legal';

export function TermsRoute() {
  return <LegalPage document={TERMS} />;
}
