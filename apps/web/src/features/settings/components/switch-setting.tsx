// A yes/no profile field on a switch; flipping it saves at once and flips back on failure.
// A failed save shows under it, as does a `notice` about something the switch depends on.
import type { UpdateProfileBody, User } from '@bidboard/shared';
import { FieldError, SaveIndicator } from '@/components/ui/settings-field/settings-field';
import { ToggleSwitch } from '@/components/ui/toggle-switch';
import { useProfileField } from '../hooks/use-profile-field';

interface SwitchSettingProps {
  user: User;
  label: string;
  description?: string;
  notice?: string | null;
  read: (user: User) => boolean;
  toChanges: (value: boolean) => UpdateProfileBody;
}

export function SwitchSetting(props: SwitchSettingProps) {
  const { user, label, description, notice = null, read, toChanges } = props;
  const field = useProfileField({
    user,
    read,
    toChanges: (value: boolean) => ({ ok: true, value: toChanges(value) }),
  });
  return (
    <div className="settings-switch">
      <ToggleSwitch
        label={label}
        description={description}
        checked={field.value}
        busy={field.status === 'saving'}
        status={<SaveIndicator status={field.status} />}
        onCheckedChange={(checked) => void field.commit(checked)}
      />
      <FieldError message={field.error ?? notice} />
    </div>
  );
}
