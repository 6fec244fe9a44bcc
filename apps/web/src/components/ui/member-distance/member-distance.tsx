// How far another member is and whether they are verified (product rules, Distance and
// verification), as cards, profiles and chat show it. The server sends the distance
// already rounded; this only words it ('3 miles away', 'Less than 1 km away', ...).
import type { MemberDistance } from '@bidboard/shared';
import { PinIcon, VerifiedIcon } from '../icons';
import { type DistanceTextKey, useDistanceCatalogue } from './i18n';
import './member-distance.css';

const NEAR_KEYS: Record<'mi' | 'km', { lessThanOne: DistanceTextKey; count: DistanceTextKey }> = {
  mi: { lessThanOne: 'distance.lessThanOneMile', count: 'distance.miles' },
  km: { lessThanOne: 'distance.lessThanOneKm', count: 'distance.km' },
};

export function useDistanceText() {
  const t = useDistanceCatalogue();
  return (distance: MemberDistance): string => {
    if (distance.kind === 'hidden') return t('distance.hidden');
    if (distance.kind === 'far') return t('distance.far');
    const keys = NEAR_KEYS[distance.unit];
    return distance.value === 0 ? t(keys.lessThanOne) : t(keys.count, { count: distance.value });
  };
}

/** The distance line under a member's name; nothing when the distance is unknown. */
export function MemberDistanceLine({ distance }: { distance: MemberDistance | null | undefined }) {
  const word = useDistanceText();
  if (!distance) return null;
  return (
    <p className="member-distance">
      <PinIcon size={14} />
      {word(distance)}
    </p>
  );
}

/**
 * The verified badge: face match passed and verification approved. `labelId` names its
 * hidden word, for a link or row whose own aria-label would otherwise hide it
 * (aria-describedby).
 */
export function VerifiedBadge({
  verified,
  labelId,
}: {
  verified: boolean | undefined;
  labelId?: string;
}) {
  const t = useDistanceCatalogue();
  if (!verified) return null;
  return (
    <span className="verified-badge" title={t('verified.title')}>
      <VerifiedIcon size={16} />
      <span className="visually-hidden" id={labelId}>
        {t('verified.label')}
      </span>
    </span>
  );
}
