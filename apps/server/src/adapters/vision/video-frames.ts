// Frames of a verification video for the face match: ffmpeg (Debian's package; `.ci/run`
// installs it) decodes the WebM from stdin and writes `count` frames spread over its
// length as PPM images on stdout, scaled to fit `maxEdge` with their shape kept. PPM is a
// text header and raw RGB, so the frames need no second decoder.
import { runTool } from '../../lib/run-tool';
import type { RgbImage } from './vision.port';

export interface FrameOptions {
  count: number;
  durationSeconds: number;
  maxEdge: number;
  ffmpegPath: string;
}

/** Decoding a short recording takes well under a second; a stuck decoder is ended. */
const DECODE_TIMEOUT_MS = 60_000;

export async function extractFrames(video: Buffer, options: FrameOptions): Promise<RgbImage[]> {
  const fps = Math.min(30, options.count / Math.max(options.durationSeconds, 0.1));
  const edge = options.maxEdge;
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    // One decoding thread: a short clip needs no more, and it leaves the other core free.
    '-threads',
    '1',
    '-i',
    'pipe:0',
    '-an',
    '-vf',
    `fps=${fps.toFixed(4)},scale=${edge}:${edge}:force_original_aspect_ratio=decrease`,
    '-frames:v',
    String(options.count),
    '-f',
    'image2pipe',
    '-c:v',
    'ppm',
    'pipe:1',
  ];
  const output = await runTool(options.ffmpegPath, args, video, {
    timeoutMs: DECODE_TIMEOUT_MS,
    // Decoding is background work: requests win a core whenever both want one.
    lowPriority: true,
  });
  return parsePpmStream(output);
}

/** Splits concatenated binary PPM (P6, maxval 255) images. */
export function parsePpmStream(bytes: Buffer): RgbImage[] {
  const frames: RgbImage[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const fields: string[] = [];
    let cursor = offset;
    // Magic, width, height, maxval: whitespace-separated, one whitespace byte before the pixels.
    while (fields.length < 4 && cursor < bytes.length) {
      while (cursor < bytes.length && /\s/.test(String.fromCharCode(bytes[cursor]!))) cursor++;
      const start = cursor;
      while (cursor < bytes.length && !/\s/.test(String.fromCharCode(bytes[cursor]!))) cursor++;
      fields.push(bytes.toString('latin1', start, cursor));
    }
    const [magic, w, h, max] = fields;
    const width = Number(w);
    const height = Number(h);
    if (magic !== 'P6' || max !== '255' || !(width > 0) || !(height > 0)) {
      throw new Error('not a PPM stream');
    }
    const start = cursor + 1;
    const end = start + width * height * 3;
    if (end > bytes.length) throw new Error('truncated PPM frame');
    frames.push({ data: new Uint8Array(bytes.subarray(start, end)), width, height });
    offset = end;
  }
  return frames;
}
