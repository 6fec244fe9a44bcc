// /terms: the Terms and Conditions in the member's language.
import { termsDocument } from '../content/terms';
import { useLegalText } from '../i18n';
import { LegalPage } from './legal-page';

export function TermsPage() {
  const t = useLegalText();
  return <LegalPage document={termsDocument(t)} />;
}
