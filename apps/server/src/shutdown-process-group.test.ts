// The drain when the whole process group gets SIGTERM (systemd's KillMode=control-group,
// Ctrl-C in a terminal): the model process dies with the server. A photo upload and a
// vision job during the delay must not fork a new one, whose models would load for seconds
// while the close waited for its task: the server exits right after the delay.
import { MEDIA_MESSAGES } from '@bidboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../test/app';
import { buildMember } from '../test/factories';
import { faceA, visionChildren } from '../test/vision';
import { visionJobs } from './db/media.schema';
import { createShutdown } from './shutdown';

const DRAIN_DELAY_MS = 2500;
let t: TestApp;

beforeAll(async () => {
  // The app's own model process, forked when the app is ready, and its job worker.
  t = await createTestApp({ VISION_PRELOAD: 'true', VISION_JOBS_ENABLED: 'true' });
});
afterAll(async () => {
  await t.close();
});

const upload = (headers: Record<string, string>, slot: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/uploadProfileImage?display_order=${slot}`,
    headers: { ...headers, 'content-type': 'application/octet-stream' },
    payload: faceA(),
  });

describe('SIGTERM to the whole process group', () => {
  it('exits within the drain delay and a second, forking no model process', async () => {
    const row = await buildMember(t.database.db, { onboarded: 14 });
    const { token } = await signIn(t, row.phone_number);
    const headers = { authorization: `Bearer ${token}` };
    await expect.poll(visionChildren, { timeout: 10_000 }).toHaveLength(1);

    const exits: number[] = [];
    const shutdown = createShutdown(
      t.app,
      { ...t.database, close: async () => {} },
      { timeoutMs: 30_000, exit: (code) => exits.push(code) },
    );
    const started = performance.now();
    for (const pid of visionChildren()) process.kill(pid, 'SIGTERM');
    const stopped = shutdown('SIGTERM', DRAIN_DELAY_MS);
    await expect.poll(visionChildren).toHaveLength(0);

    // Still serving through the delay: a slot-1 photo needs the models now and is refused
    // as busy at once; a slot-2 photo is stored and its screening job waits.
    const [first, second] = await Promise.all([upload(headers, 1), upload(headers, 2)]);
    expect([first.statusCode, first.json().message]).toEqual([503, MEDIA_MESSAGES.photoChecksBusy]);
    expect(second.statusCode).toBe(200);
    expect(t.app.readiness.draining).toBe(true);

    await stopped;
    expect(exits).toEqual([0]);
    expect(performance.now() - started).toBeLessThan(DRAIN_DELAY_MS + 1000);
    expect(visionChildren()).toEqual([]);
    // The drain cost the job no attempt: the next server screens it in full.
    const jobs = await t.database.db
      .select({ status: visionJobs.status, attempts: visionJobs.attempts })
      .from(visionJobs)
      .where(eq(visionJobs.kind, 'photo_screen'));
    expect(jobs).toEqual([{ status: 'pending', attempts: 0 }]);
  });
});
