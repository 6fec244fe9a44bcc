// The model process (forked by local-vision.ts): loads TensorFlow.js on its WebAssembly
// backend, @vladmandic/human (face detector, mesh and description models) and nsfwjs
// (MobileNetV2) from the files their npm packages ship, once, on the first task, then
// answers one task at a time. Nothing is fetched from the network. It runs at a lower CPU
// priority than the server, so requests win whenever both want a core.
//
// Node runs this file itself (as TypeScript in development, bundled JavaScript in a
// release), so it imports packages only: no module of the app.
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import path from 'node:path';
import type { ImageAnalysis, NudityScores, RgbImage, VisionInput } from './vision.port';

export type VisionRequest =
  | { id: number; type: 'analyze'; image: VisionInput; faces: boolean; nudity: boolean }
  | { id: number; type: 'stats' };
export type VisionResponse =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: string };

const require = createRequire(import.meta.url);
type Tf = typeof import('@tensorflow/tfjs-core');

/** Faces smaller than this share of the image's shorter side are not counted. */
const MIN_FACE_SHARE = 0.08;
const MIN_FACE_SCORE = 0.5;

interface Models {
  tf: Tf;
  human: {
    detect(input: unknown): Promise<{
      face: {
        score: number;
        box: [number, number, number, number];
        embedding?: number[];
        rotation?: { angle: { yaw: number } } | null;
      }[];
    }>;
  };
  nsfw: {
    classify(input: unknown, topk?: number): Promise<{ className: string; probability: number }[]>;
  };
}

/** tfjs-core has no file:// loader without tfjs-node: read model.json and its shards. */
function registerFileLoader(tf: Tf) {
  type Router = Parameters<Tf['io']['registerLoadRouter']>[0];
  const router = (url: string | string[]) => {
    const target = Array.isArray(url) ? url[0] : url;
    if (typeof target !== 'string' || !target.startsWith('file://')) return null;
    return {
      load: async () => {
        const file = new URL(target).pathname;
        const json = JSON.parse(await readFile(file, 'utf8'));
        const specs = [];
        const shards: Buffer[] = [];
        for (const group of json.weightsManifest) {
          specs.push(...group.weights);
          for (const shard of group.paths) {
            shards.push(await readFile(path.join(path.dirname(file), shard)));
          }
        }
        const weights = Buffer.concat(shards);
        return {
          modelTopology: json.modelTopology,
          format: json.format,
          generatedBy: json.generatedBy,
          convertedBy: json.convertedBy,
          weightSpecs: specs,
          weightData: weights.buffer.slice(
            weights.byteOffset,
            weights.byteOffset + weights.byteLength,
          ),
          signature: json.signature,
          userDefinedMetadata: json.userDefinedMetadata,
          modelInitializer: json.modelInitializer,
        };
      },
    };
  };
  // A router answers null for URLs it does not handle.
  tf.io.registerLoadRouter(router as unknown as Router);
}

async function loadModels(): Promise<Models> {
  const tf: Tf = require('@tensorflow/tfjs-core');
  require('@tensorflow/tfjs-converter');
  const wasm = require('@tensorflow/tfjs-backend-wasm');
  wasm.setWasmPaths(`${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}${path.sep}`);
  await tf.setBackend('wasm');
  await tf.ready();
  registerFileLoader(tf);

  // human's package exports only its default bundle; the WebAssembly build sits beside it.
  const humanDist = path.dirname(require.resolve('@vladmandic/human'));
  const { Human } = require(path.join(humanDist, 'human.node-wasm.js'));
  const human = new Human({
    backend: 'wasm',
    modelBasePath: `file://${path.join(humanDist, '..', 'models')}/`,
    debug: false,
    cacheModels: false,
    warmup: 'none',
    filter: { enabled: false },
    face: {
      enabled: true,
      detector: { rotation: true, maxDetected: 5, minConfidence: MIN_FACE_SCORE, return: false },
      mesh: { enabled: true },
      iris: { enabled: false },
      description: { enabled: true },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
      attention: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
  });
  await human.load();

  // The NSFWJS class with the model nsfwjs ships as JavaScript modules (base64 weights).
  const { NSFWJS } = require('nsfwjs/core');
  const { MobileNetV2Model } = require('nsfwjs/models/mobilenet_v2');
  const modelJson = (await MobileNetV2Model.modelJson()).default;
  const weights: Buffer[] = [];
  for (const bundle of MobileNetV2Model.weightBundles) {
    weights.push(Buffer.from((await bundle()).default, 'base64'));
  }
  const weightData = Buffer.concat(weights);
  const nsfw = new NSFWJS(
    tf.io.fromMemory({
      modelTopology: modelJson.modelTopology,
      weightSpecs: modelJson.weightsManifest.flatMap((g: { weights: unknown[] }) => g.weights),
      weightData: weightData.buffer.slice(
        weightData.byteOffset,
        weightData.byteOffset + weightData.byteLength,
      ),
    }),
    { size: 224 },
  );
  await nsfw.load();
  return { tf, human, nsfw };
}

let models: Promise<Models> | null = null;

/** The longest edge the models are given: both work at smaller sizes. */
const MAX_EDGE = 512;

/** Stored image bytes decoded here, at this process's low priority (libvips via sharp). */
async function decode(input: VisionInput): Promise<RgbImage> {
  if (!('encoded' in input)) return input;
  const sharp = require('sharp');
  const { data, info } = await sharp(input.encoded)
    .rotate()
    .resize(MAX_EDGE, MAX_EDGE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function analyze(source: VisionInput, wantFaces: boolean, wantNudity: boolean) {
  models ??= loadModels();
  const [{ tf, human, nsfw }, image] = await Promise.all([models, decode(source)]);
  const started = performance.now();
  const pixels = new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  const input = tf.tensor3d(pixels, [image.height, image.width, 3], 'int32');
  try {
    const faces: ImageAnalysis['faces'] = [];
    if (wantFaces) {
      const batch = tf.expandDims(input, 0);
      try {
        const result = await human.detect(batch);
        const minSide = Math.min(image.width, image.height) * MIN_FACE_SHARE;
        for (const face of result.face) {
          const [, , w, h] = face.box;
          if (face.score < MIN_FACE_SCORE || Math.min(w, h) < minSide || !face.embedding?.length) {
            continue;
          }
          faces.push({
            score: face.score,
            box: face.box,
            embedding: Float32Array.from(face.embedding),
            yaw: face.rotation?.angle.yaw ?? null,
          });
        }
        faces.sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3]);
      } finally {
        batch.dispose();
      }
    }
    let nudity: NudityScores | null = null;
    if (wantNudity) {
      const predictions = await nsfw.classify(input, 5);
      const classes = Object.fromEntries(predictions.map((p) => [p.className, p.probability]));
      const score = (classes.Porn ?? 0) + (classes.Hentai ?? 0) + (classes.Sexy ?? 0);
      nudity = { score: Math.min(1, score), classes };
    }
    return { faces, nudity, ms: performance.now() - started } satisfies ImageAnalysis;
  } finally {
    input.dispose();
  }
}

async function handle(request: VisionRequest): Promise<unknown> {
  if (request.type === 'stats') {
    return { rss: process.memoryUsage().rss, loaded: models !== null };
  }
  return analyze(request.image, request.faces, request.nudity);
}

/**
 * Requests first: the model work yields a core to the server whenever both want one. On
 * Linux a priority belongs to one thread, and V8's and libuv's threads exist already, so
 * each is lowered; threads started later (the WebAssembly backend's) inherit it.
 */
function yieldToRequests() {
  let threads = [0];
  try {
    threads = readdirSync('/proc/self/task').map(Number);
  } catch {
    // No /proc (not Linux): the process-wide call below is all there is.
  }
  for (const thread of threads) {
    try {
      setPriority(thread, 19);
    } catch {
      // Not permitted here (a container without the capability): run at normal priority.
    }
  }
}

yieldToRequests();

process.on('message', (request: VisionRequest) => {
  handle(request).then(
    (result) => process.send?.({ id: request.id, ok: true, result } satisfies VisionResponse),
    (error: unknown) =>
      process.send?.({
        id: request.id,
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      } satisfies VisionResponse),
  );
});
process.on('disconnect', () => process.exit(0));
