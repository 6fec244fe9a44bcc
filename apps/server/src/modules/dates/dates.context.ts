// What the dates services receive, and the times of a plan on its members' clock.
import { DATE_MET_ANSWER_DAYS, type DatePlan } from '@bidboard/shared';
import { TZDate } from '@date-fns/tz';
import type { SmsSender } from '../../adapters/sms/sms.port';
import type { Storage } from '../../adapters/storage/storage.port';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/context';
import type { Realtime } from '../../lib/realtime';
import type { SettingsDefaults } from '../settings/settings.service';
import type { PlanView } from './date-plans.repository';

export interface DatesContext {
  db: Db;
  clock: Clock;
  storage: Storage;
  sms: SmsSender;
  config: SettingsDefaults;
  /** Where the shared page's link points (PUBLIC_URL); the request's own origin otherwise. */
  publicUrl?: string;
  realtime?: Realtime;
}

const DAY_MS = 24 * 60 * 60_000;

/** `day` at `time` in `timeZone`, and the midnight that ends that day there. */
export function planTimes(day: string, time: string, timeZone: string) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const start = new TZDate(y, m - 1, d, hh, mm, timeZone);
  // 31 February rolls over into March: not a day the member picked.
  const valid = start.getFullYear() === y && start.getMonth() === m - 1 && start.getDate() === d;
  const startsAt = new Date(start.getTime());
  const dayEndsAt = new Date(new TZDate(y, m - 1, d + 1, 0, 0, timeZone).getTime());
  return { startsAt, dayEndsAt, valid };
}

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** Whether the did-you-meet answers are taken now: from the day's end, for a few days. */
export function metOpen(plan: Pick<PlanView, 'state' | 'day_ends_at'>, now: Date): boolean {
  const ends = new Date(plan.day_ends_at).getTime();
  return (
    plan.state === 'accepted' &&
    now.getTime() >= ends &&
    now.getTime() < ends + DATE_MET_ANSWER_DAYS * DAY_MS
  );
}

export function presentPlan(row: PlanView, now: Date): DatePlan {
  return {
    id: row.id,
    cid: row.cid,
    proposerId: row.proposer_id,
    responderId: row.responder_id,
    startsAt: iso(row.starts_at),
    dayEndsAt: iso(row.day_ends_at),
    timeZone: row.time_zone,
    place: row.place,
    note: row.note,
    state: row.state,
    movedFromId: row.moved_from_id,
    createdAt: iso(row.created_at),
    answeredAt: isoOrNull(row.answered_at),
    cancelledBy: row.cancelled_by,
    checkIn: row.check_in,
    share:
      row.share_phone && row.share_expires_at
        ? {
            phoneLast4: row.share_phone.slice(-4),
            expiresAt: iso(row.share_expires_at),
            escalateOnSilence: row.share_escalates ?? false,
          }
        : null,
    met: {
      open: metOpen(row, now),
      answer: row.met_answer,
      noShowAgainstYou: Boolean(row.no_show_against),
    },
  };
}
