// /policy: the Privacy Policy in the member's language, followed by the sections other features
// add (already in the member's language).
import type { ReactNode } from 'react';
import { policyDocument } from '../content/policy';
import { useLegalText } from '../i18n';
import { LegalPage } from './legal-page';

export function PolicyPage({ children }: { children?: ReactNode }) {
  const t = useLegalText();
  return <LegalPage document={policyDocument(t)}>{children}</LegalPage>;
}
