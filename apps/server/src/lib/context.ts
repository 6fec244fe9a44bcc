// What services receive: the database, the settings they read, adapters and a clock.

import type { SmsSender } from '../adapters/sms/sms.port';
import type { Storage } from '../adapters/storage/storage.port';
import type { Vision } from '../adapters/vision/vision.port';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Realtime } from './realtime';

export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

export interface ServiceContext {
  db: Db;
  config: Config;
  sms: SmsSender;
  storage: Storage;
  clock: Clock;
  vision: Vision;
  /** Nudges this server's vision job worker after a transaction queued work. */
  wakeVisionJobs: () => void;
  /** Publishes committed changes to sockets (lib/realtime.ts); absent for the CLI. */
  realtime?: Realtime;
}
