// /auctions/results: the member's result of every closed auction they bid on.
import { Screen } from '@/components/ui/screen';
import { ResultsPage } from '@/features/results';

export function ResultsRoute() {
  return (
    <Screen>
      <ResultsPage />
    </Screen>
  );
}
