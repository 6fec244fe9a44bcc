// Token area at the top of the main menu: the member's two balances; visitors are sent to
// /auth (marketplace §2 Main menu, §6). Daily Claim / BUY/REDEEM come from the tokens feature.
import type { User } from '@bidboard/shared';
import { Link } from 'react-router';
import { CoinIcon } from '@/components/ui/icons';
import { TokenActions } from '@/features/tokens';
import { formatTokens } from '@/lib/format';

interface TokenSummaryProps {
  user: User | null;
  onNavigate: () => void;
  onOpenBalance: () => void;
}

export function TokenSummary({ user, onNavigate, onOpenBalance }: TokenSummaryProps) {
  if (!user) {
    return (
      <Link to="/auth" className="token-card token-card--visitor" onClick={onNavigate}>
        <span className="token-card__coin" aria-hidden="true">
          <CoinIcon />
        </span>
        <span>
          <span className="token-card__label">Tokens</span>
          <span className="token-card__cta">Join / Sign In to bid with tokens</span>
        </span>
      </Link>
    );
  }
  return (
    <section className="token-card" aria-label="Token balance">
      <span className="token-card__coin" aria-hidden="true">
        <CoinIcon />
      </span>
      <div className="token-card__balances">
        <p className="token-card__label">Available for bids</p>
        <p className="token-card__amount">
          {formatTokens(user.tokenBalance)} <span className="token-card__unit">tokens</span>
        </p>
        <p className="token-card__redeemable">
          {formatTokens(user.redeemableTokens)} redeemable for cash
        </p>
      </div>
      <div className="token-card__action">
        <TokenActions onOpenBalance={onOpenBalance} />
      </div>
    </section>
  );
}
