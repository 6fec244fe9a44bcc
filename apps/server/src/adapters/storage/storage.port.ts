// Object storage port (architecture: 'object storage'). `local` keeps files under
// DATA_DIR/uploads and serves them through short-lived signed URLs; an S3-compatible
// adapter can implement the same interface with presigned URLs. Keys are always
// server-generated, carry their extension and start with the environment's prefix, so
// development and production objects never mix in one bucket.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/** Signed URLs live an hour by default (accounts §9: image URL cache is 1 h - 5 min). */
export const DEFAULT_URL_TTL_SECONDS = 3600;

export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number;
}

export interface Storage {
  readonly driver: 'local' | 's3';
  /** A fresh, unguessable key under this environment's prefix: `dev/<folder>/<uuid>.<ext>`. */
  newKey(folder: string, extension: string): string;
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object, or null when it does not exist (or the key could never be valid). */
  get(key: string): Promise<StoredObject | null>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** A URL that serves the object until `ttlSeconds` from now. */
  signedUrl(key: string, ttlSeconds?: number): Promise<string>;
  /**
   * A URL that accepts one HTTP PUT of the object's bytes with exactly `contentType`
   * until `ttlSeconds` from now (the browser uploads straight to storage).
   */
  signedUploadUrl(key: string, contentType: string, ttlSeconds?: number): Promise<string>;
}

/** Upload URLs are short-lived: the verification video is sent right after recording. */
export const UPLOAD_URL_TTL_SECONDS = 600;

/** Reads at most `length` bytes from the start of a stored object, then lets it go. */
export async function readHead(object: StoredObject, length: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of object.body) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      chunks.push(buffer);
      total += buffer.length;
      if (total >= length) break;
    }
  } finally {
    object.body.destroy();
  }
  return Buffer.concat(chunks).subarray(0, length);
}

export function storagePrefix(isProduction: boolean): string {
  return isProduction ? 'prod/' : 'dev/';
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * Keys are slash-separated segments of letters, digits, '.', '_' and '-' that never start
 * with a dot, so '.', '..', absolute paths and backslashes cannot appear.
 */
export function isValidStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment));
}

export function buildStorageKey(prefix: string, folder: string, extension: string): string {
  const key = `${prefix}${folder}/${randomUUID()}.${extension.replace(/^\./, '')}`;
  if (!isValidStorageKey(key)) throw new TypeError(`invalid storage key: ${key}`);
  return key;
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
  webm: 'video/webm',
  mp4: 'video/mp4',
};

/** Local files have no metadata, so the key's extension decides the content type. */
export function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}
