// The vision test kit: the face fixtures (public-domain portraits, see fixtures/faces),
// one model process per test file, and running the durable vision jobs on demand.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { createStorage } from '../src/adapters/storage';
import { LocalVision } from '../src/adapters/vision/local-vision';
import { runDueVisionJobs } from '../src/jobs/vision-jobs';
import { loadSecrets } from '../src/lib/secrets';
import type { TestApp } from './app';

const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`./fixtures/faces/${name}`, import.meta.url)));

/** Eileen Collins (NASA portrait). */
export const faceA = () => fixture('face-a.jpg');
/** A video of the same portrait whose head turns left and right. */
export const faceAVideo = () => fixture('face-a-turn.webm');
/** The same portrait filmed by a moving camera (pan and zoom): the head does not turn. */
export const faceAPanVideo = () => fixture('face-a-pan.webm');
/** A video made from face-a.jpg alone (issue 41's still photo that verified). */
export const faceAStillVideo = () => fixture('face-a-still.webm');
/** Grace Hopper (US Navy portrait). */
export const faceB = () => fixture('face-b.jpg');

/** A photo without a face: a sky-coloured gradient with a horizon. */
export function landscapeJpeg() {
  const width = 600;
  const height = 600;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const sky = y < height * 0.6;
      pixels[i] = sky ? 90 + (y >> 3) : 60;
      pixels[i + 1] = sky ? 150 + (y >> 4) : 120 + ((x * 7) % 40);
      pixels[i + 2] = sky ? 230 : 50;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

/** The model processes this test process has forked (LocalVision's children). */
export function visionChildren(): number[] {
  let listing = '';
  try {
    listing = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], {
      encoding: 'utf8',
    });
  } catch {
    // ps exits 1 when the process has no child.
  }
  return listing
    .split('\n')
    .filter((line) => line.includes('vision-process'))
    .map((line) => Number.parseInt(line, 10));
}

/** Runs every due vision job of the test app, as the worker would. */
export async function runVisionJobs(t: TestApp, vision: LocalVision) {
  return runDueVisionJobs({
    db: t.database.db,
    storage: await createStorage(t.config, loadSecrets(t.config)),
    clock: () => new Date(),
    vision,
    config: t.config,
    realtime: t.app.realtime,
  });
}

export { LocalVision };
