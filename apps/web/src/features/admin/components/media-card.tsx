// A photo or verification video under review: the media itself (played from its signed
// URL), whose it is, its state, what the models found (issue 23: a video's frames beside
// the main photo with the face-match score; a photo's face check and nudity score), the
// member's signals, and Approve / Reject.
import type { AdminMediaItem } from '@bidboard/shared';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { reviewMedia } from '../api/review';
import { useAdminAction } from '../api/use-admin-action';
import { RiskSignals } from './risk-signals';
import { ActionError } from './section';
import { StatusBadge } from './status-badge';
import './media-card.css';

function Evidence({ item }: { item: AdminMediaItem }) {
  const evidence = item.evidence;
  if (!evidence || (!evidence.photo_url && evidence.frame_urls.length === 0)) return null;
  return (
    <figure className="admin-evidence">
      <div className="admin-evidence__row">
        {evidence.photo_url ? (
          <img src={evidence.photo_url} alt="Slot 1, compared" className="admin-evidence__photo" />
        ) : null}
        {evidence.frame_urls.map((url, index) => (
          <img
            key={url}
            src={url}
            alt={`Video frame ${index + 1}`}
            className="admin-evidence__frame"
          />
        ))}
      </div>
      <figcaption>Main photo, then frames from the verification video</figcaption>
    </figure>
  );
}

function PhotoChecks({ item }: { item: AdminMediaItem }) {
  if (item.kind !== 'photo') return null;
  const face =
    item.face_check === 'face'
      ? 'Face found'
      : item.face_check === 'no_face'
        ? 'No face found'
        : item.face_check === 'no_consent'
          ? 'Face not checked: no consent to face matching, check it by eye'
          : 'Face not checked yet';
  const nudity =
    item.nudity_score === null
      ? 'Nudity not screened yet'
      : `Nudity score ${Math.round(item.nudity_score * 100)}%${item.screening === 'held' ? ' (held)' : ''}`;
  return (
    <p className="admin-card__meta">
      {face} · {nudity}
    </p>
  );
}

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
    <li
      className={item.evidence ? 'admin-media admin-media--evidence' : 'admin-media'}
      aria-label={label}
    >
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
      <Evidence item={item} />
      <PhotoChecks item={item} />
      <RiskSignals signals={item.signals} risk={item.risk} />
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
