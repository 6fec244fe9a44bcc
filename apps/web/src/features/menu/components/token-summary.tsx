// Token area at the top of the main menu: the member's two balances; visitors are sent to
// /auth (marketplace §2 Main menu, §6). Daily Claim / BUY/REDEEM come from the tokens feature.
import type { User } from '@bidboard/shared';
import { Link } from 'react-router';
import { CoinIcon } from '@/components/ui/icons';
import { TokenActions } from '@/features/tokens';
import { formatTokens } from '@/lib/format';
import { useMenuText } from '../i18n';

interface TokenSummaryProps {
  user: User | null;
  onNavigate: () => void;
  onOpenBalance: () => void;
}

export function TokenSummary({ user, onNavigate, onOpenBalance }: TokenSummaryProps) {
  const t = useMenuText();
  if (!user) {
    return (
      <Link to="/auth" className="token-card token-card--visitor" onClick={onNavigate}>
        <span className="token-card__coin" aria-hidden="true">
          <CoinIcon />
        </span>
        <span>
          <span className="token-card__label">{t('tokens.label')}</span>
          <span className="token-card__cta">{t('tokens.visitor')}</span>
        </span>
      </Link>
    );
  }
  return (
    <section className="token-card" aria-label={t('tokens.balance')}>
      <span className="token-card__coin" aria-hidden="true">
        <CoinIcon />
      </span>
      <div className="token-card__balances">
        <p className="token-card__label">{t('tokens.available')}</p>
        <p className="token-card__amount">
          {formatTokens(user.tokenBalance)}{' '}
          <span className="token-card__unit">{t('tokens.unit', { count: user.tokenBalance })}</span>
        </p>
        <p className="token-card__redeemable">
          {t('tokens.redeemable', { amount: formatTokens(user.redeemableTokens) })}
        </p>
      </div>
      <div className="token-card__action">
        <TokenActions onOpenBalance={onOpenBalance} />
      </div>
    </section>
  );
}
