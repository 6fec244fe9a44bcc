// The 'Available for bids?' switch (accounts §2 Profile settings). Switching it on opens
// the member's auction at once (product rules, Bidding); switching it off leaves a live
// auction on the board until bids close, so the note that changes wait for the next
// bidding cycle shows while the member has one.
import type { User } from '@bidboard/shared';
import { useHasLiveAuction } from '../api/has-live-auction';
import { SwitchSetting } from './switch-setting';

export const BIDS_AVAILABILITY_TEXT = {
  nextCycle: 'Changes take effect at the next bidding cycle.',
  checkFailed: 'Failed to check user live auction',
} as const;

export function BidsAvailabilitySetting({ user }: { user: User }) {
  const live = useHasLiveAuction(user.available_for_bids);
  return (
    <SwitchSetting
      user={user}
      label="Available for bids?"
      description={live.data ? BIDS_AVAILABILITY_TEXT.nextCycle : undefined}
      notice={live.isError ? BIDS_AVAILABILITY_TEXT.checkFailed : null}
      read={(u) => u.available_for_bids}
      toChanges={(available_for_bids) => ({ available_for_bids })}
    />
  );
}
