// Test harness: the token actions beside the signed-in member's balance.
import { useState } from 'react';
import { useCurrentUser } from '@/features/auth';
import { TokenActions } from './token-actions';
import { TokenBalanceScreen } from './token-balance-screen';

export function TokenSummaryProbe() {
  const user = useCurrentUser();
  const [balanceOpen, setBalanceOpen] = useState(false);
  return (
    <div>
      <span data-testid="balance">{user?.tokenBalance}</span>
      <TokenActions onOpenBalance={() => setBalanceOpen(true)} />
      <TokenBalanceScreen open={balanceOpen} onOpenChange={setBalanceOpen} />
    </div>
  );
}
