// A photo or verification video under review: the media itself (played from its signed
// URL), whose it is, its state, and Approve / Reject.
import type { AdminMediaItem } from '@bidboard/shared';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { reviewMedia } from '../api/review';
import { useAdminAction } from '../api/use-admin-action';
import { ActionError } from './section';
import { StatusBadge } from './status-badge';

function describe(item: AdminMediaItem) {
  const whose = item.username ?? `member ${item.user_id}`;
  return item.kind === 'photo'
    ? `Photo ${item.display_order} of ${whose}`
    : `Verification video of ${whose}`;
}

export function MediaCard({
  item,
  showOwner = false,
}: {
  item: AdminMediaItem;
  showOwner?: boolean;
}) {
  const review = useAdminAction((status: 'approved' | 'rejected') => reviewMedia(item, status));
  const label = describe(item);
  return (
    <li className="admin-media" aria-label={label}>
      {item.kind === 'photo' ? (
        <img className="admin-media__view" src={item.url} alt={label} loading="lazy" />
      ) : (
        // A silent face turn: there is no speech to caption.
        // biome-ignore lint/a11y/useMediaCaption: the verification video has no audio track
        <video
          className="admin-media__view"
          src={item.url}
          controls
          preload="metadata"
          aria-label={label}
        />
      )}
      <div className="admin-media__info">
        {showOwner ? (
          <Link to={`/admin/members/${item.user_id}`}>
            {item.username ?? `Member ${item.user_id}`}
          </Link>
        ) : null}
        <span>{item.kind === 'photo' ? `Slot ${item.display_order}` : 'Video'}</span>
        <StatusBadge status={item.status} />
      </div>
      <div className="admin-media__actions">
        {item.status !== 'approved' ? (
          <Button
            size="md"
            busy={review.isPending && review.variables === 'approved'}
            onClick={() => review.mutate('approved')}
          >
            Approve
          </Button>
        ) : null}
        {item.status !== 'rejected' ? (
          <Button
            size="md"
            variant="secondary"
            busy={review.isPending && review.variables === 'rejected'}
            onClick={() => review.mutate('rejected')}
          >
            Reject
          </Button>
        ) : null}
      </div>
      <ActionError text={review.errorText} />
    </li>
  );
}
