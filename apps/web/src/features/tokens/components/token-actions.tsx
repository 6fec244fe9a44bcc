// The menu's token button (marketplace §2 Main menu): 'Daily Claim' until today's claim is
// done, then 'BUY/REDEEM', which asks the caller to open the token balance screen (the menu
// closes first, so the screen never opens beside it). A claim in flight disables the
// button, so a double click sends one request.
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/features/auth';
import { useDailyClaimed } from '../api/check-tokens';
import { useClaimTokens } from '../api/claim-tokens';
import { useTokensText } from '../i18n';

export function TokenActions({ onOpenBalance }: { onOpenBalance: () => void }) {
  const t = useTokensText();
  const user = useCurrentUser();
  const claimed = useDailyClaimed(user !== null);
  const claim = useClaimTokens();
  const claiming = useRef(false);

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

  return claimed.data === false ? (
    <Button size="md" onClick={handleClaim} busy={claim.isPending}>
      {t('actions.dailyClaim')}
    </Button>
  ) : (
    <Button size="md" variant="secondary" onClick={onOpenBalance}>
      {t('actions.buyRedeem')}
    </Button>
  );
}
