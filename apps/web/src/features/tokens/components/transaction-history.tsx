// Transaction history overlay (marketplace §2, §9): 10 rows a page, the next page asked for
// within 80 px of the bottom; labels, +n/-n and MM/DD/YY per §9.
import clsx from 'clsx';
import type { UIEvent } from 'react';
import { Dialog } from '@/components/ui/sheet';
import { useRewardPendingText } from '@/lib/economy/reward-pending';
import { useTransactions } from '../api/get-transactions';
import { useTokensText } from '../i18n';
import {
  paidNote,
  pendingNote,
  rewardNote,
  signedAmount,
  transactionCounterparty,
  transactionDate,
  transactionTitle,
} from '../lib/transaction-format';

const NEAR_BOTTOM_PX = 80;

export function TransactionHistory({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useTokensText();
  const query = useTransactions(open);
  const pendingText = useRewardPendingText();
  const rows = query.data?.pages.flat() ?? [];

  const handleScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    const nearBottom = el.scrollHeight - el.scrollTop - el.clientHeight <= NEAR_BOTTOM_PX;
    if (nearBottom && query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };

  let body: React.ReactNode;
  if (query.isPending) body = <p className="tx-message">{t('history.loading')}</p>;
  else if (query.isError)
    body = (
      <p className="tx-message tx-message--error" role="alert">
        {t('history.failed')}
      </p>
    );
  else if (rows.length === 0)
    body = (
      <div className="tx-empty">
        <p className="tx-empty__title">{t('history.empty')}</p>
        <p className="tx-message">{t('history.emptyHint')}</p>
      </div>
    );
  else
    body = (
      <ul className="tx-list">
        {rows.map((tx) => {
          const who = transactionCounterparty(tx);
          const note = paidNote(tx) ?? pendingNote(tx);
          // A paid redemption's own row moves no tokens: its amount is the cash paid.
          const cashOnly = tx.amount === 0 && note !== null;
          const reward = rewardNote(tx);
          return (
            <li key={tx.id} className="tx-row">
              <div>
                <p className="tx-row__label">{transactionTitle(tx)}</p>
                <p className="tx-row__meta">
                  {transactionDate(tx.created_at)}
                  {who ? ` · ${who}` : ''}
                  {note && !cashOnly ? ` · ${note}` : ''}
                </p>
                {reward ? <p className="tx-row__meta">{reward}</p> : null}
                {tx.rewardPending ? (
                  <p className="tx-row__meta">
                    {pendingText(tx.rewardPending.tokens, tx.rewardPending.settles_at)}
                  </p>
                ) : null}
              </div>
              <p className={clsx('tx-row__amount', tx.amount < 0 && 'tx-row__amount--debit')}>
                {cashOnly ? note : signedAmount(tx.amount)}
              </p>
            </li>
          );
        })}
        {query.isFetchingNextPage ? <li className="tx-message">{t('history.loading')}</li> : null}
      </ul>
    );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('history.title')}
      className="tx-dialog"
    >
      {/* A keyboard reaches and scrolls the list (its rows hold no control to focus). */}
      <section
        className="tx-scroll"
        onScroll={handleScroll}
        data-testid="transaction-scroll"
        aria-label={t('history.title')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
        tabIndex={0}
      >
        {body}
      </section>
    </Dialog>
  );
}
