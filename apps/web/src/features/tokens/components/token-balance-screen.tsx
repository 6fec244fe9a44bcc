// Token balance screen (marketplace §2): 'Available for bids' with Purchase, 'Redeemable for
// cash' with Redeem (disabled below the minimum, saying so) and the Transaction History
// link. Purchase, redemption and history replace this screen while open; closing them
// comes back here. The purchase and redemption screens load on demand.
import { DEFAULT_MINIMUM_REDEEMABLE } from '@bidboard/shared';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CashIcon, CoinIcon } from '@/components/ui/icons';
import { Dialog } from '@/components/ui/sheet';
import { useCurrentUser } from '@/features/auth';
import { useEarnedSplitText } from '@/lib/economy/reward-split';
import { formatTokens } from '@/lib/format';
import { useMinimumRedeemable } from '../api/get-minimum-redeemable';
import { useTokenOrigins } from '../api/get-token-origins';
import { useTokensText } from '../i18n';
import { TransactionHistory } from './transaction-history';
import './tokens.css';

const PurchaseOverlay = lazy(() =>
  import('./purchase-overlay').then((m) => ({ default: m.PurchaseOverlay })),
);
const RedemptionScreen = lazy(() =>
  import('./redemption-screen').then((m) => ({ default: m.RedemptionScreen })),
);

type View = 'balance' | 'history' | 'purchase' | 'redeem';

interface TokenBalanceScreenProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function Loading({ onClose }: { onClose: () => void }) {
  const t = useTokensText();
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()} title={t('balance.title')}>
      <p className="tx-message">{t('balance.loading')}</p>
    </Dialog>
  );
}

export function TokenBalanceScreen({ open, onOpenChange }: TokenBalanceScreenProps) {
  const t = useTokensText();
  const earnedSplitText = useEarnedSplitText();
  const user = useCurrentUser();
  const minimum = useMinimumRedeemable(open).data ?? DEFAULT_MINIMUM_REDEEMABLE;
  const origins = useTokenOrigins(open).data;
  const [view, setView] = useState<View>('balance');
  const balance = user?.tokenBalance ?? 0;
  const redeemable = user?.redeemableTokens ?? 0;
  const belowMinimum = redeemable < minimum;

  const handleOpenChange = (next: boolean) => {
    if (!next) setView('balance');
    onOpenChange(next);
  };
  const back = (next: boolean) => {
    if (!next) setView('balance');
  };

  return (
    <>
      <Dialog
        open={open && view === 'balance'}
        onOpenChange={handleOpenChange}
        title={t('balance.title')}
        className="token-screen"
      >
        <section className="token-panel" aria-labelledby="tokens-available">
          <span className="token-panel__icon token-panel__icon--coin" aria-hidden="true">
            <CoinIcon />
          </span>
          <div className="token-panel__body">
            <h3 id="tokens-available" className="token-panel__label">
              {t('balance.available')}
            </h3>
            <p className="token-panel__amount">{formatTokens(balance)}</p>
          </div>
          <Button size="md" onClick={() => setView('purchase')}>
            {t('balance.purchase')}
          </Button>
        </section>
        <section className="token-panel" aria-labelledby="tokens-redeemable">
          <span className="token-panel__icon token-panel__icon--cash" aria-hidden="true">
            <CashIcon />
          </span>
          <div className="token-panel__body">
            <h3 id="tokens-redeemable" className="token-panel__label">
              {t('balance.redeemable')}
            </h3>
            <p className="token-panel__amount">{formatTokens(redeemable)}</p>
            <p className="token-panel__note" data-testid="earned-split">
              {origins
                ? earnedSplitText(origins.earned, origins.earnedRedeemable)
                : t('balance.earnedNote')}
            </p>
          </div>
          <Button
            size="md"
            variant="secondary"
            disabled={belowMinimum}
            onClick={() => setView('redeem')}
          >
            {belowMinimum
              ? t('balance.minimum', { minimum: formatTokens(minimum) })
              : t('balance.redeem')}
          </Button>
        </section>
        <button type="button" className="token-history-link" onClick={() => setView('history')}>
          {t('balance.history')}
        </button>
      </Dialog>
      <TransactionHistory open={open && view === 'history'} onOpenChange={back} />
      {open && view === 'purchase' ? (
        <Suspense fallback={<Loading onClose={() => setView('balance')} />}>
          <PurchaseOverlay open onOpenChange={back} />
        </Suspense>
      ) : null}
      {open && view === 'redeem' ? (
        <Suspense fallback={<Loading onClose={() => setView('balance')} />}>
          <RedemptionScreen open onOpenChange={back} />
        </Suspense>
      ) : null}
    </>
  );
}
