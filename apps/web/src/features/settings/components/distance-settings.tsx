// Profile Settings' distance and verification preferences (issue 44): 'Maximum distance'
// saved as soon as one is chosen, hiding one's own distance, and 'Verified members only'.
import type { MaxDistance, User } from '@bidboard/shared';
import { FieldError, SaveIndicator } from '@/components/ui/settings-field/settings-field';
import { MaxDistanceChoice, usePreferenceSwitchTexts } from '@/features/dating-preferences';
import { useProfileField } from '../hooks/use-profile-field';
import { SwitchSetting } from './switch-setting';

const readMaximum = (u: User) => u.max_distance as MaxDistance | null;
const maximumChanges = (max_distance: MaxDistance | null) => ({
  ok: true as const,
  value: { max_distance },
});

export function DistanceSettings({ user }: { user: User }) {
  const texts = usePreferenceSwitchTexts();
  const field = useProfileField({ user, read: readMaximum, toChanges: maximumChanges });
  return (
    <>
      <div className="settings-field">
        <MaxDistanceChoice
          value={field.value}
          country={user.country}
          disabled={field.status === 'saving'}
          status={<SaveIndicator status={field.status} />}
          onChange={(next) => void field.commit(next)}
        />
        <FieldError message={field.error} />
      </div>
      <SwitchSetting
        user={user}
        label={texts.hideDistance.label}
        description={texts.hideDistance.description}
        read={(u) => u.distance_hidden}
        toChanges={(distance_hidden) => ({ distance_hidden })}
      />
      <SwitchSetting
        user={user}
        label={texts.verifiedOnly.label}
        description={texts.verifiedOnly.description}
        read={(u) => u.verified_only}
        toChanges={(verified_only) => ({ verified_only })}
      />
    </>
  );
}
