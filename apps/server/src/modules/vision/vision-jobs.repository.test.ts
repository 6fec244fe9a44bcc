// The order vision jobs are claimed in: a chat image goes ahead of older photo checks and
// face matches; the rest go oldest first, and a lapsed claim is due again.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import {
  claimVisionJob,
  enqueueVisionJob,
  VISION_JOB_LEASE_SECONDS,
} from './vision-jobs.repository';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function claimAll() {
  const claimed: string[] = [];
  for (let job = await claimVisionJob(database.db); job; job = await claimVisionJob(database.db)) {
    claimed.push(`${job.kind} ${job.subject_id}`);
  }
  return claimed;
}

describe('claiming vision jobs', () => {
  it('takes chat images first, then the others oldest first, and a lapsed claim again', async () => {
    await enqueueVisionJob(database.db, 'face_match', 1);
    await enqueueVisionJob(database.db, 'photo_screen', 2);
    await enqueueVisionJob(database.db, 'face_match', 3);
    await enqueueVisionJob(database.db, 'chat_image_screen', 4);
    await enqueueVisionJob(database.db, 'chat_image_screen', 5);
    expect(await claimAll()).toEqual([
      'chat_image_screen 4',
      'chat_image_screen 5',
      'face_match 1',
      'photo_screen 2',
      'face_match 3',
    ]);

    // A server died holding two claims: both are due again, the chat image first.
    await database.db.execute(
      sql`UPDATE vision_jobs SET claimed_at = now() - make_interval(secs => ${VISION_JOB_LEASE_SECONDS + 1})
           WHERE subject_id IN (3, 5)`,
    );
    expect(await claimAll()).toEqual(['chat_image_screen 5', 'face_match 3']);
  });
});
