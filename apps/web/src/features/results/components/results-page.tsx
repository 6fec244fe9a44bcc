// 'Your results' (product rules, Auctions beyond a plain high bid): one card per closed
// auction the member bid on, saying won or not, the final price, their own highest bid
// and rank, how many bid and what decided it. Reached from the menu and the alerts.
import {
  type AuctionResult,
  RESULT_MESSAGES,
  RESULTS_TITLE,
  resultDecidedBy,
  resultHeadline,
  resultRefund,
} from '@bidboard/shared';
import clsx from 'clsx';
import { FeedMessage } from '@/components/ui/feed';
import { CoinIcon } from '@/components/ui/icons';
import { formatTokens } from '@/lib/format';
import { useResults } from '../api/get-results';
import { SecondChanceAction } from './second-chance-action';
import './results.css';

function ResultCard({ result }: { result: AuctionResult }) {
  return (
    <li
      className={clsx('result-card', result.won && 'result-card--won')}
      data-auction-id={result.auctionId}
    >
      <div className="result-card__top">
        <span className="result-card__who">{result.ownerUsername ?? 'Member'}</span>
        <span className={clsx('result-card__badge', result.won && 'is-won')}>
          {result.won ? 'Won' : 'Not won'}
        </span>
      </div>
      <p className="result-card__headline">{resultHeadline(result)}</p>
      <dl className="result-card__facts">
        <div>
          <dt>Final price</dt>
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
          <dt>Your highest bid</dt>
          <dd>
            <CoinIcon size={14} /> {formatTokens(result.highestBid)}
          </dd>
        </div>
        <div>
          <dt>Your rank</dt>
          <dd>
            {result.rank} of {result.bidderCount}
          </dd>
        </div>
      </dl>
      {resultDecidedBy(result) ? (
        <p className="result-card__decided">{resultDecidedBy(result)}</p>
      ) : null}
      {result.refunded ? (
        <p className="result-card__decided">{resultRefund(result.refunded)}</p>
      ) : null}
      {result.secondChance ? (
        <SecondChanceAction result={result} chance={result.secondChance} />
      ) : null}
    </li>
  );
}

export function ResultsPage() {
  const { data, isPending, isError } = useResults();
  return (
    <section className="results" aria-labelledby="results-title">
      <h1 id="results-title" className="results__title">
        {RESULTS_TITLE}
      </h1>
      {isPending ? <FeedMessage>Loading...</FeedMessage> : null}
      {isError ? (
        <FeedMessage error page>
          {RESULT_MESSAGES.failedToFetch}
        </FeedMessage>
      ) : null}
      {data && data.length === 0 ? <FeedMessage>{RESULT_MESSAGES.empty}</FeedMessage> : null}
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
