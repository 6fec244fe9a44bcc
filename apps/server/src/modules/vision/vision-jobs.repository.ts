// SQL of the durable vision jobs (issue 23). A job row is written in the transaction that
// stores its subject (a photo, a chat image, a verification video), so work is never lost
// and never done for a subject that was not stored. Any server claims due rows with FOR
// UPDATE SKIP LOCKED; the effect of a job is written in the same transaction as the
// update that closes it, guarded by the claim, so a job takes effect exactly once even
// when a slow server's claim has lapsed and another server ran it again.

import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { VisionJobKind } from '../../db/media.schema';

export interface VisionJob {
  id: number;
  kind: VisionJobKind;
  subject_id: number;
  attempts: number;
}

/** A claim older than this belongs to a server that died: the job is due again. */
export const VISION_JOB_LEASE_SECONDS = 300;
export const VISION_JOB_MAX_ATTEMPTS = 5;

/** Queues work on `subjectId`; nothing is added while the same work already waits. */
export async function enqueueVisionJob(db: Executor, kind: VisionJobKind, subjectId: number) {
  await db.execute(
    sql`INSERT INTO vision_jobs (kind, subject_id) VALUES (${kind}, ${subjectId})
        ON CONFLICT (kind, subject_id) WHERE status = 'pending' DO NOTHING`,
  );
}

/** Drops work on these subjects that has not started (their subject was replaced). */
export async function dropPendingVisionJobs(
  db: Executor,
  kind: VisionJobKind,
  subjectIds: readonly number[],
) {
  if (subjectIds.length === 0) return;
  await db.execute(
    sql`DELETE FROM vision_jobs
         WHERE kind = ${kind} AND status = 'pending'
           AND subject_id = ANY(${`{${subjectIds.join(',')}}`}::bigint[])`,
  );
}

/** Due: pending and its time has come, or running on a claim whose lease ran out. */
const due = sql`((status = 'pending' AND next_attempt_at <= now())
  OR (status = 'running'
      AND claimed_at < now() - make_interval(secs => ${VISION_JOB_LEASE_SECONDS})))`;

/**
 * Claims the oldest due chat image, else the oldest due job, or none. A chat image's
 * recipient sees it only once screened, so it goes ahead of photo checks and verification
 * face matches (seconds of model time each, and a crowd of them on a busy day).
 */
export async function claimVisionJob(db: Executor): Promise<VisionJob | undefined> {
  const [job] = await rows<VisionJob>(
    db,
    sql`UPDATE vision_jobs j
           SET status = 'running', claimed_at = now(), attempts = j.attempts + 1
         WHERE j.id = COALESCE(
           (SELECT id FROM vision_jobs
             WHERE status IN ('pending', 'running') AND kind = 'chat_image_screen' AND ${due}
             ORDER BY next_attempt_at, id
             LIMIT 1
             FOR UPDATE SKIP LOCKED),
           (SELECT id FROM vision_jobs
             WHERE status IN ('pending', 'running') AND ${due}
             ORDER BY next_attempt_at, id
             LIMIT 1
             FOR UPDATE SKIP LOCKED))
     RETURNING j.id, j.kind, j.subject_id, j.attempts`,
  );
  return job ? { ...job, id: Number(job.id), subject_id: Number(job.subject_id) } : undefined;
}

export type JobOutcome =
  | { status: 'done' }
  | { status: 'retry'; error: string; delaySeconds: number }
  | { status: 'failed'; error: string };

/** Closes a claimed job; false when the claim was lost (the job is someone else's now). */
export async function finishVisionJob(
  db: Executor,
  job: VisionJob,
  outcome: JobOutcome,
): Promise<boolean> {
  const change =
    outcome.status === 'done'
      ? sql`status = 'done', finished_at = now(), last_error = NULL`
      : outcome.status === 'failed'
        ? sql`status = 'failed', finished_at = now(), last_error = ${outcome.error}`
        : sql`status = 'pending', last_error = ${outcome.error},
              next_attempt_at = now() + make_interval(secs => ${outcome.delaySeconds})`;
  const closed = await rows(
    db,
    sql`UPDATE vision_jobs SET ${change}
         WHERE id = ${job.id} AND status = 'running' AND attempts = ${job.attempts}
     RETURNING id`,
  );
  return closed.length > 0;
}

/** 15 s, 30 s, 60 s, ... up to an hour. */
export function visionRetryDelaySeconds(attempts: number): number {
  return Math.min(3600, 15 * 2 ** Math.max(0, attempts - 1));
}

/** Jobs waiting or running, for the bench and the health of the queue. */
export async function visionBacklog(db: Executor): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT COUNT(*)::int AS n FROM vision_jobs WHERE status IN ('pending', 'running')`,
  );
  return Number(row?.n ?? 0);
}
