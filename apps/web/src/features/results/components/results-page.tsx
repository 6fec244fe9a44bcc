// 'Your results' (product rules, Auctions beyond a plain high bid): one card per closed
// auction the member bid on, saying won or not, the final price, their own highest bid
// and rank, how many bid and what decided it. Reached from the menu and the alerts.
import { type AuctionResult, NO_NAME, RESULT_MESSAGES, resultDecidedBy } from '@bidboard/shared';
import clsx from 'clsx';
import { FeedMessage } from '@/components/ui/feed';
import { CoinIcon } from '@/components/ui/icons';
import { formatTokens } from '@/lib/format';
import { useSharedText } from '@/lib/i18n';
import { useResults } from '../api/get-results';
import { useResultsText } from '../i18n';
import { SecondChanceAction } from './second-chance-action';
import './results.css';

function ResultCard({ result }: { result: AuctionResult }) {
  const t = useResultsText();
  const { sharedText } = useSharedText();
  const owner = result.ownerUsername ?? sharedText(NO_NAME.member);
  const headline = result.won
    ? t('headline.won', { owner, price: result.finalPrice ?? result.highestBid })
    : result.finalPrice === null
      ? t('headline.closedWithout', { owner })
      : t('headline.closedAt', { owner, price: result.finalPrice });
  const decidedBy = resultDecidedBy(result);
  return (
    <li
      className={clsx('result-card', result.won && 'result-card--won')}
      data-auction-id={result.auctionId}
    >
      <div className="result-card__top">
        <span className="result-card__who">{result.ownerUsername ?? t('member')}</span>
        <span className={clsx('result-card__badge', result.won && 'is-won')}>
          {result.won ? t('won') : t('notWon')}
        </span>
      </div>
      <p className="result-card__headline">{headline}</p>
      <dl className="result-card__facts">
        <div>
          <dt>{t('finalPrice')}</dt>
          <dd>
            {result.finalPrice === null ? (
              '—'
            ) : (
              <>
                <CoinIcon size={14} /> {formatTokens(result.finalPrice)}
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('highestBid')}</dt>
          <dd>
            <CoinIcon size={14} /> {formatTokens(result.highestBid)}
          </dd>
        </div>
        <div>
          <dt>{t('rank')}</dt>
          <dd>{t('rankOf', { rank: result.rank, count: result.bidderCount })}</dd>
        </div>
      </dl>
      {decidedBy ? <p className="result-card__decided">{sharedText(decidedBy)}</p> : null}
      {result.refunded ? (
        <p className="result-card__decided">{t('refund', { refunded: result.refunded })}</p>
      ) : null}
      {result.secondChance ? (
        <SecondChanceAction result={result} chance={result.secondChance} />
      ) : null}
    </li>
  );
}

export function ResultsPage() {
  const t = useResultsText();
  const { sharedText } = useSharedText();
  const { data, isPending, isError } = useResults();
  return (
    <section className="results" aria-labelledby="results-title">
      <h1 id="results-title" className="results__title">
        {t('title')}
      </h1>
      {isPending ? <FeedMessage>{t('loading')}</FeedMessage> : null}
      {isError ? (
        <FeedMessage error page>
          {sharedText(RESULT_MESSAGES.failedToFetch)}
        </FeedMessage>
      ) : null}
      {data && data.length === 0 ? (
        <FeedMessage>{sharedText(RESULT_MESSAGES.empty)}</FeedMessage>
      ) : null}
      {data && data.length > 0 ? (
        <ul className="results__list">
          {data.map((r) => (
            <ResultCard key={r.auctionId} result={r} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
