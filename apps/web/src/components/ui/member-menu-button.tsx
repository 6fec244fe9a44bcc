// The "more" button beside a member (a Bid Board card, a connection card, a chat header)
// that opens their block-or-report choices; it is named with the member's username in the
// member's language.
import type { MouseEvent } from 'react';
import { IconButton } from './button';
import { useUiText } from './i18n';
import { MoreIcon } from './icons';

export function MemberMenuButton({
  username,
  className,
  onClick,
}: {
  username: string;
  className?: string;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
}) {
  const t = useUiText();
  return (
    <IconButton
      label={t('safety.blockOrReport', { username })}
      className={className}
      onClick={onClick}
    >
      <MoreIcon />
    </IconButton>
  );
}
