// /privacy-center: the member's privacy rights in one place (issue 42).
import { Screen } from '@/components/ui/screen';
import { PrivacyCenterPage } from '@/features/privacy-center';

export function PrivacyCenterRoute() {
  return (
    <Screen>
      <PrivacyCenterPage />
    </Screen>
  );
}
