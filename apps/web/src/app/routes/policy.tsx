// /policy: Privacy Policy, with its biometric data section (issue 42); /policy/biometric:
// the public biometric data retention policy. Both from the biometric-consent feature.
import { useParams } from 'react-router';
import { BiometricPolicyPage, BiometricPolicySection } from '@/features/biometric-consent';
import { LegalPage, POLICY } from '@/features/legal';
import { NotFoundRoute } from './not-found';

export function PolicyRoute() {
  const page = useParams()['*'];
  if (page === 'biometric') return <BiometricPolicyPage />;
  if (page) return <NotFoundRoute />;
  return (
    <LegalPage document={POLICY}>
      <BiometricPolicySection />
    </LegalPage>
  );
}
