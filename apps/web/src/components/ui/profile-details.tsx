// The profile slide of a member's card (marketplace §2): the sun sign the server derives
// from the birth date (other members never receive the date itself), the three favourite
// things, the bio and an open-to-dating badge.
import type { ZodiacSign } from '@bidboard/shared';
import { type UiTextKey, useUiText } from './i18n';
import { HeartIcon, StarIcon } from './icons';

const SIGN_NAMES: Record<ZodiacSign, UiTextKey> = {
  Capricorn: 'sign.capricorn',
  Aquarius: 'sign.aquarius',
  Pisces: 'sign.pisces',
  Aries: 'sign.aries',
  Taurus: 'sign.taurus',
  Gemini: 'sign.gemini',
  Cancer: 'sign.cancer',
  Leo: 'sign.leo',
  Virgo: 'sign.virgo',
  Libra: 'sign.libra',
  Scorpio: 'sign.scorpio',
  Sagittarius: 'sign.sagittarius',
};

interface ProfileDetailsProps {
  /** Undefined while the profile is still loading. */
  sign: ZodiacSign | undefined;
  favorites: readonly (string | null | undefined)[];
  bio: string | null | undefined;
  openToDating: boolean;
  /** Shown when there is no bio (the Connections card says so; the Bid Board does not). */
  bioFallback?: string;
}

export function ProfileDetails({
  sign,
  favorites,
  bio,
  openToDating,
  bioFallback,
}: ProfileDetailsProps) {
  const t = useUiText();
  const answers = favorites.filter((answer): answer is string => Boolean(answer));
  const text = bio || bioFallback;
  return (
    <div className="profile-details">
      <div className="profile-details__badges">
        {sign ? (
          <span className="chip chip--sign">
            <StarIcon />
            {t(SIGN_NAMES[sign])}
          </span>
        ) : null}
        {openToDating ? (
          <span className="chip chip--dating">
            <HeartIcon size={14} />
            {t('details.openToDating')}
          </span>
        ) : null}
      </div>
      {answers.length > 0 ? (
        <div>
          <p className="profile-details__heading">{t('details.favorites')}</p>
          <ul className="profile-details__favorites">
            {answers.map((answer) => (
              <li key={answer}>{answer}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {text ? (
        <p className={bio ? 'profile-details__bio' : 'profile-details__bio is-empty'}>{text}</p>
      ) : null}
    </div>
  );
}
