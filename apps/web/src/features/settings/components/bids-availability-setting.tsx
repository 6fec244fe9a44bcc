// The 'Available for bids?' switch (accounts §2 Profile settings). Switching it on opens
// the member's auction at once (product rules, Bidding); switching it off leaves a live
// auction on the board until bids close, so the note that changes wait for the next
// bidding cycle shows while the member has one.
import type { User } from '@bidboard/shared';
import { useHasLiveAuction } from '../api/has-live-auction';
import { useSettingsText } from '../i18n';
import { SwitchSetting } from './switch-setting';

export function BidsAvailabilitySetting({ user }: { user: User }) {
  const t = useSettingsText();
  const live = useHasLiveAuction(user.available_for_bids);
  return (
    <SwitchSetting
      user={user}
      label={t('bids.label')}
      description={live.data ? t('bids.nextCycle') : undefined}
      notice={live.isError ? t('bids.checkFailed') : null}
      read={(u) => u.available_for_bids}
      toChanges={(available_for_bids) => ({ available_for_bids })}
    />
  );
}
