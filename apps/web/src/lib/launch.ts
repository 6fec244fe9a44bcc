// The launch instant that switches prelaunch mode off (product rules 'Prelaunch'). The
// server does not publish its LAUNCH_AT yet, so the client uses the shared default.
import { DEFAULT_LAUNCH_AT, isPrelaunch } from '@bidboard/shared';

export const LAUNCH_AT = DEFAULT_LAUNCH_AT;

export function isPrelaunchNow(now: Date = new Date(), launchAt: string = LAUNCH_AT): boolean {
  return isPrelaunch(launchAt, now);
}
