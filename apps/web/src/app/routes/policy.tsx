// /policy: Privacy Policy.
import { LegalPage, POLICY } from '@/features/legal';

export function PolicyRoute() {
  return <LegalPage document={POLICY} />;
}
