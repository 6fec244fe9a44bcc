// A member's last activity, stamped by the client's ping while a tab is used.
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/context';
import { touchLastActive } from './users.repository';

export function recordActivity(ctx: { db: Db; clock: Clock }, userId: number): Promise<void> {
  return touchLastActive(ctx.db, userId, ctx.clock());
}
