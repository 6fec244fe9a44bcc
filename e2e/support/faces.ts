// Real face photos for the slot-1 face check (issue 20): the public-domain portraits the
// server tests use (apps/server/test/fixtures/faces).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const fixture = (name: string) =>
  readFileSync(
    fileURLToPath(new URL(`../../apps/server/test/fixtures/faces/${name}`, import.meta.url)),
  );

/** Eileen Collins (NASA portrait), a JPEG the face check accepts for slot 1. */
export const facePhoto = () => fixture('face-a.jpg');
/** Grace Hopper (US Navy portrait). */
export const otherFacePhoto = () => fixture('face-b.jpg');
/** A video of facePhoto's portrait whose head turns left and right. */
export const faceVideo = () => fixture('face-a-turn.webm');
