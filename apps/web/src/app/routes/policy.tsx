// /policy: Privacy Policy, with its location (issue 44, dating-preferences), biometric data
// and privacy officer (issue 42) and payee records (issue 43, payouts) sections; /policy/biometric: the public
// biometric data retention policy (biometric-consent).
import { useParams } from 'react-router';
import { BiometricPolicyPage, BiometricPolicySection } from '@/features/biometric-consent';
import { LocationPolicySection } from '@/features/dating-preferences';
import { PolicyPage } from '@/features/legal';
import { PayeePolicySection } from '@/features/payouts';
import { PrivacyOfficerPolicySection } from '@/features/privacy-center';
import { NotFoundRoute } from './not-found';

export function PolicyRoute() {
  const page = useParams()['*'];
  if (page === 'biometric') return <BiometricPolicyPage />;
  if (page) return <NotFoundRoute />;
  return (
    <PolicyPage>
      <LocationPolicySection />
      <BiometricPolicySection />
      <PayeePolicySection />
      <PrivacyOfficerPolicySection />
    </PolicyPage>
  );
}
