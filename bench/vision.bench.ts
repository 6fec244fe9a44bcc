// Safety that sees (issue 23): how fast the vision jobs run on one core, what they cost the
// requests served meanwhile, and the memory of the server with the models loaded.
//
// - photo screening and verification face match, as durable jobs (database, storage,
//   decoding, the models in their low-priority child process), in jobs/s; the ceiling is
//   the same images through the models alone (no database, no storage);
// - POST /api/uploadProfileImage latency (p50, p99; autocannon in its own process, one
//   member uploading over and over) while the jobs drain, against the same upload load with
//   no job running: the target is a p99 within 10%;
// - resident memory of the server process and of the model process once loaded.
// PostgreSQL only (BENCH_DATABASE_URL or TEST_DATABASE_URL).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createStorage } from '../apps/server/src/adapters/storage';
import { LocalVision } from '../apps/server/src/adapters/vision/local-vision';
import { buildApp } from '../apps/server/src/app';
import { openDatabase, rows } from '../apps/server/src/db/client';
import { runDueVisionJobs } from '../apps/server/src/jobs/vision-jobs';
import { loadSecrets } from '../apps/server/src/lib/secrets';
import { updateSettings } from '../apps/server/src/modules/settings/settings.service';
import { visionBacklog } from '../apps/server/src/modules/vision/vision-jobs.repository';
import {
  benchConfig,
  bulkMembers,
  type Figure,
  pgBase,
  quantile,
  report,
  scratchDatabase,
  tokensFor,
} from './lib/harness';

const PHOTO_JOBS = Number(process.env.BENCH_VISION_PHOTOS ?? 40);
const FACE_MATCHES = Number(process.env.BENCH_VISION_VIDEOS ?? 4);
const UPLOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 12);

const fixture = (name: string) =>
  readFileSync(
    fileURLToPath(new URL(`../apps/server/test/fixtures/faces/${name}`, import.meta.url)),
  );
const fixturePath = (name: string) =>
  fileURLToPath(new URL(`../apps/server/test/fixtures/faces/${name}`, import.meta.url));

interface Latency {
  p50: number;
  p99: number;
  requests: number;
}

/** One member uploading over and over, from a process of its own. */
async function uploadLatency(url: string, token: string): Promise<Latency> {
  const loop = fileURLToPath(new URL('./lib/upload-loop.ts', import.meta.url));
  const child = spawn(
    process.execPath,
    [
      ...['--import', 'tsx', loop],
      `${url}/api/uploadProfileImage?display_order=3`,
      token,
      fixturePath('face-b.jpg'),
      String(UPLOAD_SECONDS),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
  });
  await new Promise((resolve) => child.on('exit', resolve));
  const { latencies, failures } = JSON.parse(out) as { latencies: number[]; failures: number };
  if (failures > 0) throw new Error(`upload: ${failures} failures`);
  return {
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    requests: latencies.length,
  };
}

async function call(url: string, token: string, path: string, init: RequestInit = {}) {
  const res = await fetch(`${url}/api${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

if (!pgBase) {
  console.log('vision bench skipped: set BENCH_DATABASE_URL (PostgreSQL)');
} else {
  const scratch = await scratchDatabase();
  const database = openDatabase({ url: scratch.url, poolSize: 10 });
  // The jobs are run below by this process, as a server's worker would run them.
  const config = benchConfig({ VISION_JOBS_ENABLED: 'false', VISION_PRELOAD: 'false' });
  // One model process for the server's slot-1 checks and its jobs, as in a real server.
  const models = new LocalVision();
  const built = await buildApp({ config, database, vision: models });
  // The uploader sends photos back to back for the whole run, far past a member's hourly limit.
  await updateSettings(database.db, config, { photo_uploads_per_hour: 10_000 }, null);
  await built.listen({ port: 0, host: '127.0.0.1' });
  const app = {
    app: built,
    url: `http://127.0.0.1:${(built.server.address() as AddressInfo).port}`,
  };
  try {
    const seed = new pg.Pool({ connectionString: scratch.url, max: 2 });
    const ids = await bulkMembers(seed, PHOTO_JOBS / 2 + FACE_MATCHES + 1, 0);
    await seed.end();
    const tokens = await tokensFor(database, config, ids);
    const [uploader, ...others] = tokens;
    const photoMembers = others.slice(0, PHOTO_JOBS / 2);
    const videoMembers = others.slice(PHOTO_JOBS / 2);
    const faceA = fixture('face-a.jpg');
    const faceB = fixture('face-b.jpg');
    const video = fixture('face-a-turn.webm');

    // Slot-1 photos are checked while the member waits (this loads the models).
    for (const token of [uploader!, ...videoMembers]) {
      await call(app.url, token, '/uploadProfileImage?display_order=1', {
        method: 'POST',
        headers: { 'content-type': 'image/jpeg' },
        body: faceA,
      });
    }

    // The ceiling: the same image through the models alone.
    const ceilingImage = { encoded: faceB };
    let started = performance.now();
    for (let i = 0; i < 20; i++) {
      await models.analyze(ceilingImage, { faces: true, nudity: true, priority: 'background' });
    }
    const bareRate = 20 / ((performance.now() - started) / 1000);

    // Baseline uploads: no job runs.
    const quiet = await uploadLatency(app.url, uploader!);

    // The backlog: screening jobs for slots 2 and 3, then face matches.
    for (const token of photoMembers) {
      for (const slot of [2, 3]) {
        await call(app.url, token, `/uploadProfileImage?display_order=${slot}`, {
          method: 'POST',
          headers: { 'content-type': 'image/jpeg' },
          body: faceB,
        });
      }
    }
    // The uploads of the baseline queued jobs too: the backlog is whatever waits now.
    const backlog = await visionBacklog(database.db);
    const storage = await createStorage(config, loadSecrets(config));
    const jobs = {
      db: database.db,
      storage,
      clock: () => new Date(),
      vision: models,
      config,
      io: app.app.io,
    };

    // Uploads while the photo jobs drain, in the same process as the server.
    started = performance.now();
    const draining = runDueVisionJobs(jobs);
    const busy = await uploadLatency(app.url, uploader!);
    await draining;
    const photoSeconds = (performance.now() - started) / 1000;
    // Jobs for photos replaced before their turn end without model work: count screenings.
    const [screened] = await rows<{ n: number }>(
      database.db,
      sql`SELECT COUNT(*)::int AS n FROM profile_images
           WHERE display_order > 1 AND screened_at IS NOT NULL`,
    );
    const photoJobs = Number(screened!.n);

    // Face matches: 8 frames each, the duplicate scan over the others.
    for (const token of videoMembers) {
      const target = await call(
        app.url,
        token,
        '/getPresignedUploadUrl?fileType=video&contentType=video%2Fwebm',
      );
      await fetch(new URL(String(target.uploadUrl), app.url), {
        method: 'PUT',
        headers: { 'content-type': 'video/webm' },
        body: video,
      });
      await call(app.url, token, '/uploadVerificationVideo', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ file_name: target.key }),
      });
    }
    started = performance.now();
    const matches = await runDueVisionJobs(jobs);
    const matchSeconds = (performance.now() - started) / 1000;
    const modelStats = await models.stats();
    const serverRss = process.memoryUsage().rss;

    const figures: Figure[] = [
      {
        figure: `photo screening jobs/s on one core (${photoJobs} jobs, backlog ${backlog})`,
        unit: 'jobs/s',
        value: photoJobs / photoSeconds,
        ceiling: bareRate,
        better: 'higher',
        note: 'ceiling: the same image through the models alone',
      },
      {
        figure: `face-match jobs/s on one core (${matches} videos, 6 frames each)`,
        unit: 'jobs/s',
        value: matches / matchSeconds,
        ceiling: bareRate / 6,
        better: 'higher',
      },
      {
        figure: `upload p99 while jobs run (${busy.requests} uploads)`,
        unit: 'ms',
        value: busy.p99,
        ceiling: quiet.p99,
        better: 'lower',
        target: 1.1,
      },
      {
        figure: `upload p50 while jobs run (no jobs: ${quiet.requests} uploads)`,
        unit: 'ms',
        value: busy.p50,
        ceiling: quiet.p50,
        better: 'lower',
      },
      {
        figure: 'model process RSS, models loaded (vs the server process)',
        unit: 'MB',
        value: modelStats.rss / 1e6,
        ceiling: serverRss / 1e6,
        better: 'lower',
      },
    ];
    report('vision', figures);
  } finally {
    await built.close();
    await models.close();
    await database.close();
    await scratch.drop();
  }
}
