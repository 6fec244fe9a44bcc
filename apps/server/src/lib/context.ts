// What services receive: the database, the settings they read, adapters and a clock.
import type { Config } from '../config';
import type { SmsSender } from '../adapters/sms/sms.port';
import type { Db } from '../db/client';

export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

export interface ServiceContext {
  db: Db;
  config: Config;
  sms: SmsSender;
  clock: Clock;
}
