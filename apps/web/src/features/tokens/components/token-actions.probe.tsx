// Test harness: the token actions beside the signed-in member's balance.
import { useCurrentUser } from '@/features/auth';
import { TokenActions } from './token-actions';

export function TokenSummaryProbe() {
  const user = useCurrentUser();
  return (
    <div>
      <span data-testid="balance">{user?.tokenBalance}</span>
      <TokenActions />
    </div>
  );
}
