// The runner-up's second chance on a result card (product rules, Auctions beyond a plain
// high bid): the offer with its deadline and 'Take the second chance' while it stands;
// once taken, that the owner has to accept. A refusal (the tokens are gone, the offer
// lapsed) shows its message under the button.
import { type AuctionResult, SECOND_CHANCE_TEXT } from '@bidboard/shared';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useSharedText } from '@/lib/i18n';
import { formatDate } from '@/lib/i18n/format';
import { useTakeSecondChance } from '../api/take-second-chance';
import { useResultsText } from '../i18n';

interface SecondChanceActionProps {
  result: AuctionResult;
  chance: NonNullable<AuctionResult['secondChance']>;
}

export function SecondChanceAction({ result, chance }: SecondChanceActionProps) {
  const t = useResultsText();
  const { sharedText } = useSharedText();
  const take = useTakeSecondChance(result.auctionId);
  if (chance.status === 'taken') {
    return (
      <div className="second-chance is-taken" role="status">
        <p className="second-chance__text">
          {t('chance.taken', { owner: result.ownerUsername ?? t('chance.them') })}
        </p>
      </div>
    );
  }
  const time = formatDate(chance.expiresAt, {
    weekday: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });
  return (
    <div className="second-chance">
      <p className="second-chance__title">{sharedText(SECOND_CHANCE_TEXT.title)}</p>
      <p className="second-chance__text">
        {t('chance.offer', {
          owner: result.ownerUsername ?? t('chance.owner'),
          amount: chance.amount,
        })}{' '}
        {t('chance.until', { time })}
      </p>
      <Button size="md" block busy={take.isPending} onClick={() => take.mutate()}>
        {sharedText(take.isPending ? SECOND_CHANCE_TEXT.taking : SECOND_CHANCE_TEXT.take)}
      </Button>
      {take.isError ? (
        <p className="second-chance__error" role="alert">
          {errorMessage(take.error, sharedText(SECOND_CHANCE_TEXT.failed))}
        </p>
      ) : null}
    </div>
  );
}
