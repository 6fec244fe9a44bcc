// The menu's token button (marketplace §2 Main menu): 'Daily Claim' until today's claim is
// done, then 'BUY/REDEEM', which opens the token balance screen. A claim in flight
// disables the button, so a double click sends one request.
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/features/auth';
import { useDailyClaimed } from '../api/check-tokens';
import { useClaimTokens } from '../api/claim-tokens';
import { TokenBalanceScreen } from './token-balance-screen';

export function TokenActions() {
  const user = useCurrentUser();
  const claimed = useDailyClaimed(user !== null);
  const claim = useClaimTokens();
  const claiming = useRef(false);
  const [balanceOpen, setBalanceOpen] = useState(false);

  if (!user || claimed.isPending) return null;

  const handleClaim = () => {
    if (claiming.current) return;
    claiming.current = true;
    claim.mutate(undefined, {
      onSettled: () => {
        claiming.current = false;
      },
    });
  };

  return (
    <>
      {claimed.data === false ? (
        <Button size="md" onClick={handleClaim} busy={claim.isPending}>
          Daily Claim
        </Button>
      ) : (
        <Button size="md" variant="secondary" onClick={() => setBalanceOpen(true)}>
          BUY/REDEEM
        </Button>
      )}
      <TokenBalanceScreen open={balanceOpen} onOpenChange={setBalanceOpen} />
    </>
  );
}
