import { describe, expect, it, vi } from 'vitest';
import { emitTo, type RealtimeEvent } from '../lib/realtime';
import { socketRealtime } from './realtime';
import type { SessionsEndedChannel } from './sessions-ended';
import type { AppSocketServer } from './socket';

describe('socketRealtime', () => {
  it('publishes the rest and reports a failed event instead of failing a committed change', async () => {
    const emit = vi.fn();
    const io = { to: () => ({ emit }) } as unknown as AppSocketServer;
    const sessionsEnded = {
      announce: () => Promise.reject(new Error('Redis is away')),
    } as unknown as SessionsEndedChannel;
    const failures: RealtimeEvent[] = [];
    const realtime = socketRealtime({
      io,
      db: {} as never,
      sessionsEnded,
      onError: (_err, event) => failures.push(event),
    });
    const ended: RealtimeEvent = { kind: 'sessionsEnded', userId: 7 };

    await expect(
      realtime.publish([
        ended,
        emitTo('user_7', 'balanceUpdate', {
          userId: 7,
          tokenBalance: 5,
          redeemableTokens: 0,
          reason: 'adjustment',
        }),
      ]),
    ).resolves.toBeUndefined();

    expect(failures).toEqual([ended]);
    expect(emit).toHaveBeenCalledTimes(1);
  });
});
