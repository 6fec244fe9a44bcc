// A plan changed: both members' own rooms hear it (every tab, on every server through the
// adapter), and each reads the plan again as they see it.
import { conversationMembers, userRoom } from '@bidboard/shared';
import { emitTo, type RealtimeEvent } from '../../lib/realtime';
import type { PlanRow } from './date-plans.repository';

export function datePlanEvents(plan: Pick<PlanRow, 'id' | 'cid'>): RealtimeEvent[] {
  const members = conversationMembers(plan.cid);
  if (!members) return [];
  return [emitTo(members.map(userRoom), 'datePlanChanged', { cid: plan.cid, planId: plan.id })];
}
