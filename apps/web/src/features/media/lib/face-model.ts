// Face detection in the browser with @vladmandic/human: a face-presence check before a
// slot-1 photo is uploaded, and head yaw/pitch for the verification widget. The library is
// loaded on demand (it is large) and its models come from our own origin under /models/
// (copied there by the web build), never from a CDN.
import type { Config, Human } from '@vladmandic/human';
import type { PoseSample } from './head-turns';

export const FACE_MODEL_BASE_PATH = '/models/';

const config: Partial<Config> = {
  modelBasePath: FACE_MODEL_BASE_PATH,
  backend: 'webgl',
  debug: false,
  cacheSensitivity: 0,
  filter: { enabled: false },
  face: {
    enabled: true,
    detector: { enabled: true, rotation: false, maxDetected: 1, minConfidence: 0.4 },
    mesh: { enabled: true },
    attention: { enabled: false },
    iris: { enabled: false },
    description: { enabled: false },
    emotion: { enabled: false },
    antispoof: { enabled: false },
    liveness: { enabled: false },
  } as Config['face'],
  body: { enabled: false } as Config['body'],
  hand: { enabled: false } as Config['hand'],
  object: { enabled: false } as Config['object'],
  gesture: { enabled: false },
  segmentation: { enabled: false } as Config['segmentation'],
};

let loading: Promise<Human> | null = null;
let loaded = false;

/** True once the library and its models are in memory (checks start at once). */
export function isFaceModelLoaded(): boolean {
  return loaded;
}

/** Loads the library and its models once; later calls share the same promise. */
export function loadFaceModel(): Promise<Human> {
  loading ??= (async () => {
    const { Human } = await import('@vladmandic/human');
    const human = new Human(config);
    await human.load();
    await human.warmup().catch(() => undefined);
    loaded = true;
    return human;
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Called by the onboarding wizard at step 7 so the model is ready by step 10. */
export function preloadFaceModel(): Promise<void> {
  return loadFaceModel().then(
    () => undefined,
    () => undefined,
  );
}

/** True when the image shows at least one face. */
export async function imageHasFace(image: Blob): Promise<boolean> {
  const human = await loadFaceModel();
  const bitmap = await createImageBitmap(image);
  try {
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
    const result = await human.detect(canvas);
    return result.face.some((face) => (face.faceScore || face.score) >= 0.4);
  } finally {
    bitmap.close();
  }
}

/** The head pose in one video frame, or null when no face is found. */
export async function detectPose(video: HTMLVideoElement): Promise<PoseSample | null> {
  const human = await loadFaceModel();
  const result = await human.detect(video);
  const angle = result.face[0]?.rotation?.angle;
  return angle ? { yaw: angle.yaw, pitch: angle.pitch } : null;
}
