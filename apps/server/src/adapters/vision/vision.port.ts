// Vision port: face detection with face descriptions (embeddings) and nudity scores for
// images the server holds. The local adapter runs models that ship inside npm packages
// (@vladmandic/human, nsfwjs) on TensorFlow.js's WebAssembly backend in a child process,
// so inference never blocks the event loop that serves requests.

/** Decoded pixels, 3 bytes (R, G, B) per pixel, row by row. */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * What the models look at: decoded pixels, or a stored image's bytes (JPEG, PNG, WebP...)
 * that the model process decodes itself, at its own low priority.
 */
export type VisionInput = RgbImage | { encoded: Uint8Array };

export interface DetectedFace {
  /** Detector confidence, 0..1. */
  score: number;
  /** [x, y, width, height] in pixels of the analysed image. */
  box: [number, number, number, number];
  /** The face description: comparable with faceSimilarity. */
  embedding: Float32Array;
  /**
   * Head yaw in radians from the face mesh (negative: turned to the person's own left), or
   * null when the mesh gave no pose.
   */
  yaw: number | null;
}

export interface NudityScores {
  /** Probability that the image is not safe: porn + hentai + sexy. */
  score: number;
  classes: Record<string, number>;
}

export interface ImageAnalysis {
  /** Largest face first. */
  faces: DetectedFace[];
  nudity: NudityScores | null;
  /** Time the models spent on this image. */
  ms: number;
}

export interface AnalyzeOptions {
  faces: boolean;
  nudity: boolean;
  /**
   * 'interactive' work (a member waiting on the answer) goes ahead of 'background' work
   * (durable jobs) in the model process's queue.
   */
  priority: 'interactive' | 'background';
}

export interface VisionStats {
  /** Resident memory of the model process, bytes (0 when it is not running). */
  rss: number;
  /** Whether the models are loaded. */
  loaded: boolean;
}

export interface Vision {
  analyze(image: VisionInput, options: AnalyzeOptions): Promise<ImageAnalysis>;
  /** Loads the models now (they load on first use otherwise). */
  warm(): Promise<void>;
  stats(): Promise<VisionStats>;
  close(): Promise<void>;
}

/**
 * Similarity of two face descriptions, 0..1 (1: the same picture): @vladmandic/human's
 * normalised Euclidean similarity (multiplier 25, normalised over 0.2..0.8), under which
 * above 0.5 is taken as the same person.
 */
export function faceSimilarity(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const diff = a[i]! - b[i]!;
    sum += diff * diff;
  }
  const distance = Math.round(100 * 25 * sum) / 100;
  if (distance === 0) return 1;
  const normalised = (1 - Math.sqrt(distance) / 100 - 0.2) / (0.8 - 0.2);
  return Math.round(100 * Math.max(Math.min(normalised, 1), 0)) / 100;
}

/** A stored embedding (bytea) back as floats. */
export function embeddingFromBytes(bytes: Uint8Array): Float32Array {
  const copy = new Uint8Array(bytes);
  return new Float32Array(copy.buffer, 0, Math.floor(copy.byteLength / 4));
}

export function embeddingToBytes(embedding: Float32Array): Buffer {
  return Buffer.from(embedding.buffer, embedding.byteOffset, embedding.byteLength);
}
