// One connection (marketplace §2 Connections page): the partner's photos, their profile
// slide (bio or 'No bio available') and the action slide; 'username, age' and the status
// button (Pending, Act Now, Chat, Rejected, Unmatched, Expired, View), which opens the
// action slide.
import type { Connection, ConnectionAction } from '@bidboard/shared';
import clsx from 'clsx';
import { lastSlideIndex, ProfileCard, useCardCarousel } from '@/components/ui/profile-card';
import { ProfileDetails } from '@/components/ui/profile-details';
import { MemberSafetyButton, useDeletedPartner } from '@/features/safety';
import { errorMessage } from '@/lib/api-client';
import { useUpdateConnectionStatus } from '../api/update-connection-status';
import { useConnectionsText } from '../i18n';
import { type CardLabel, cardLabel } from '../lib/connection-view';
import { ConnectionActions } from './connection-actions';

const LABEL_STYLE: Partial<Record<CardLabel, string>> = {
  'label.actNow': '',
  'label.chat': 'card-action--success',
};

interface ConnectionCardProps {
  connection: Connection;
  viewerId: number;
  now: Date;
  onOpenChat: (connection: Connection) => void;
}

export function ConnectionCard({ connection: c, viewerId, now, onOpenChat }: ConnectionCardProps) {
  const t = useConnectionsText();
  const carousel = useCardCarousel();
  const update = useUpdateConnectionStatus();
  const deleted = useDeletedPartner(c.partner.id, c.partner.deleted);
  const username = deleted?.username ?? c.partner.username ?? t('card.member');
  const photos = deleted
    ? [deleted.icon]
    : [c.partner.profile_picture_1, c.partner.profile_picture_2, c.partner.profile_picture_3];
  const label = cardLabel(c);
  const actionIndex = lastSlideIndex(photos, 2);

  const handleChange = (status: ConnectionAction) => update.mutate({ id: c.id, status });

  return (
    <ProfileCard
      id={`connection-${c.id}`}
      data-connection-id={c.id}
      carousel={carousel}
      username={username}
      age={deleted ? null : c.partner.age}
      verified={!deleted && c.partner.verified}
      photos={photos}
      panels={[
        {
          key: 'profile',
          content: (
            <ProfileDetails
              sign={c.partner.zodiac_sign}
              favorites={[
                c.partner.favorite_thing_1_answer,
                c.partner.favorite_thing_2_answer,
                c.partner.favorite_thing_3_answer,
              ]}
              bio={c.partner.bio}
              openToDating={c.partner.open_to_dating}
              bioFallback={t('card.noBio')}
            />
          ),
        },
        {
          key: 'actions',
          interactive: true,
          content: (
            <ConnectionActions
              connection={c}
              viewerId={viewerId}
              now={now}
              busy={update.isPending}
              error={update.isError ? errorMessage(update.error, t('actions.updateFailed')) : null}
              onChange={handleChange}
              onOpenChat={() => onOpenChat(c)}
            />
          ),
        },
      ]}
      tools={deleted ? null : <MemberSafetyButton member={{ id: c.partner.id, username }} />}
      action={
        <button
          type="button"
          className={clsx(
            'card-action card-action--label',
            label in LABEL_STYLE ? LABEL_STYLE[label] : 'card-action--muted',
          )}
          onClick={() => carousel.scrollTo(actionIndex)}
        >
          {t(label)}
        </button>
      }
    />
  );
}
