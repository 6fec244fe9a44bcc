// The unsent chat image sweeper (issue 41): images uploaded into a conversation and never
// sent go after a day (modules/chat/unsent-chat-images), their objects through the durable
// storage deletion, which it wakes. Hourly; the rows are the truth and the timer only a
// prompt, so a sweep after downtime catches up. Any number of servers may run it: each
// takes its rows with SKIP LOCKED.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { sweepUnsentChatImages } from '../modules/chat/unsent-chat-images';
import { startRepeatingJob } from './repeating-job';

export const CHAT_IMAGE_SWEEP_INTERVAL_MS = 60 * 60_000;

export interface ChatImageSweeper {
  /** Runs a sweep now; overlapping calls share one run. Resolves to how many were swept. */
  wake(): Promise<number>;
  stop(): Promise<void>;
}

export function startChatImageSweeper(deps: {
  db: Db;
  clock: () => Date;
  onSwept: () => void;
  onError: (error: unknown) => void;
  intervalMs?: number;
}): ChatImageSweeper {
  const job = startRepeatingJob({
    name: 'chat_image_sweep',
    run: async (isStopped) => {
      const swept = await sweepUnsentChatImages(deps, isStopped);
      if (swept > 0) deps.onSwept();
      return swept;
    },
    intervalMs: deps.intervalMs ?? CHAT_IMAGE_SWEEP_INTERVAL_MS,
    onError: deps.onError,
  });
  return { wake: async () => (await job.wake()) ?? 0, stop: job.stop };
}

/** Starts the sweeper when the app is ready (unless disabled) and stops it on close. */
export function registerChatImageSweeper(
  app: FastifyInstance,
  deps: { db: Db; clock: () => Date; onSwept: () => void; enabled: boolean },
): void {
  if (!deps.enabled) return;
  let sweeper: ChatImageSweeper | undefined;
  app.addHook('onReady', async () => {
    sweeper = startChatImageSweeper({
      ...deps,
      onError: (err) => app.log.error({ err }, 'chat image sweep failed'),
    });
  });
  app.addHook('preClose', async () => {
    await sweeper?.stop();
  });
}
