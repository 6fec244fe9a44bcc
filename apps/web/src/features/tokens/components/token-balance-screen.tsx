// Token balance screen (marketplace §2): 'Available for bids' with Purchase, 'Redeemable for
// cash' with Redeem (disabled below the minimum) and the Transaction History link.
// Purchase and redemption flows ship in a later issue: their buttons stay disabled and say so.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { CashIcon, CoinIcon } from '@/components/ui/icons';
import { Dialog } from '@/components/ui/sheet';
import { useCurrentUser } from '@/features/auth';
import { formatTokens } from '@/lib/format';
import { DEFAULT_MINIMUM_REDEEMABLE, useMinimumRedeemable } from '../api/get-minimum-redeemable';
import { TransactionHistory } from './transaction-history';
import './tokens.css';

interface TokenBalanceScreenProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function TokenBalanceScreen({ open, onOpenChange }: TokenBalanceScreenProps) {
  const user = useCurrentUser();
  const minimum = useMinimumRedeemable(open).data ?? DEFAULT_MINIMUM_REDEEMABLE;
  const [historyOpen, setHistoryOpen] = useState(false);
  const balance = user?.tokenBalance ?? 0;
  const redeemable = user?.redeemableTokens ?? 0;
  const belowMinimum = redeemable < minimum;

  const handleOpenChange = (next: boolean) => {
    if (!next) setHistoryOpen(false);
    onOpenChange(next);
  };

  // The history replaces the balance screen while open; closing it returns here.
  return (
    <>
      <Dialog
        open={open && !historyOpen}
        onOpenChange={handleOpenChange}
        title="Tokens"
        className="token-screen"
      >
        <section className="token-panel" aria-labelledby="tokens-available">
          <span className="token-panel__icon token-panel__icon--coin" aria-hidden="true">
            <CoinIcon />
          </span>
          <div className="token-panel__body">
            <h3 id="tokens-available" className="token-panel__label">
              Available for bids
            </h3>
            <p className="token-panel__amount">{formatTokens(balance)}</p>
            <p className="token-panel__note">Token purchases open soon.</p>
          </div>
          <Button size="md" disabled>
            Purchase
          </Button>
        </section>
        <section className="token-panel" aria-labelledby="tokens-redeemable">
          <span className="token-panel__icon token-panel__icon--cash" aria-hidden="true">
            <CashIcon />
          </span>
          <div className="token-panel__body">
            <h3 id="tokens-redeemable" className="token-panel__label">
              Redeemable for cash
            </h3>
            <p className="token-panel__amount">{formatTokens(redeemable)}</p>
            <p className="token-panel__note">Tokens earned from engaging with winning bidders.</p>
            {belowMinimum ? null : <p className="token-panel__note">Cash redemption opens soon.</p>}
          </div>
          <Button size="md" variant="secondary" disabled>
            {belowMinimum ? `${formatTokens(minimum)} minimum` : 'Redeem'}
          </Button>
        </section>
        <button type="button" className="token-history-link" onClick={() => setHistoryOpen(true)}>
          Transaction History
        </button>
      </Dialog>
      <TransactionHistory open={open && historyOpen} onOpenChange={setHistoryOpen} />
    </>
  );
}
