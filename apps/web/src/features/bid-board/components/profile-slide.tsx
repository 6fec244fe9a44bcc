// The card's profile slide (marketplace §2): sun sign from the birth date (Aquarius when
// missing), the three favourite things, the bio and an open-to-dating badge.
import { zodiacSign } from '@bidboard/shared';
import { HeartIcon, StarIcon } from '@/components/ui/icons';
import type { AuctionProfile } from '../api/get-auction-profiles';

export function ProfileSlide({
  profile,
  openToDating,
}: {
  profile: AuctionProfile | undefined;
  openToDating: boolean;
}) {
  const favorites = [
    profile?.favorite_thing_1_answer,
    profile?.favorite_thing_2_answer,
    profile?.favorite_thing_3_answer,
  ].filter((answer): answer is string => Boolean(answer));
  return (
    <div className="profile-slide">
      <div className="profile-slide__badges">
        <span className="chip chip--sign">
          <StarIcon />
          {zodiacSign(profile?.birth_date)}
        </span>
        {openToDating ? (
          <span className="chip chip--dating">
            <HeartIcon size={14} />
            Open to dating
          </span>
        ) : null}
      </div>
      {favorites.length > 0 ? (
        <div>
          <p className="profile-slide__heading">Favorite things</p>
          <ul className="profile-slide__favorites">
            {favorites.map((answer) => (
              <li key={answer}>{answer}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {profile?.bio ? <p className="profile-slide__bio">{profile.bio}</p> : null}
    </div>
  );
}
