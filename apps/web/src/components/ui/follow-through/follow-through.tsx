// A member's follow-through as bidders see it on a card (issue 45; product rules, Dates):
// 'Showed up to 9 of 10 dates', from the server's count of dates that count and the
// uncontested no-shows against the member. Nothing before a date counts.
import type { FollowThrough } from '@bidboard/shared';
import { CheckIcon } from '../icons';
import { useFollowThroughText } from './i18n';
import './follow-through.css';

export function FollowThroughLine({ followThrough }: { followThrough: FollowThrough }) {
  const t = useFollowThroughText();
  if (!followThrough) return null;
  return (
    <p className="follow-through">
      <CheckIcon size={14} />
      {t('followThrough.line', { showed: followThrough.showed, dates: followThrough.dates })}
    </p>
  );
}
