// The runner-up's second chance on a result card (product rules, Auctions beyond a plain
// high bid): the offer with its deadline and 'Take the second chance' while it stands;
// once taken, that the owner has to accept. A refusal (the tokens are gone, the offer
// lapsed) shows its message under the button.
import { type AuctionResult, SECOND_CHANCE_TEXT } from '@bidboard/shared';
import { format } from 'date-fns';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useTakeSecondChance } from '../api/take-second-chance';

interface SecondChanceActionProps {
  result: AuctionResult;
  chance: NonNullable<AuctionResult['secondChance']>;
}

export function SecondChanceAction({ result, chance }: SecondChanceActionProps) {
  const take = useTakeSecondChance(result.auctionId);
  if (chance.status === 'taken') {
    return (
      <div className="second-chance is-taken" role="status">
        <p className="second-chance__text">{SECOND_CHANCE_TEXT.taken(result.ownerUsername)}</p>
      </div>
    );
  }
  return (
    <div className="second-chance">
      <p className="second-chance__title">{SECOND_CHANCE_TEXT.title}</p>
      <p className="second-chance__text">
        {SECOND_CHANCE_TEXT.offer(result.ownerUsername, chance.amount)}{' '}
        {SECOND_CHANCE_TEXT.until(format(new Date(chance.expiresAt), 'EEE h:mm aaa'))}
      </p>
      <Button size="md" block busy={take.isPending} onClick={() => take.mutate()}>
        {take.isPending ? SECOND_CHANCE_TEXT.taking : SECOND_CHANCE_TEXT.take}
      </Button>
      {take.isError ? (
        <p className="second-chance__error" role="alert">
          {errorMessage(take.error, SECOND_CHANCE_TEXT.failed)}
        </p>
      ) : null}
    </div>
  );
}
