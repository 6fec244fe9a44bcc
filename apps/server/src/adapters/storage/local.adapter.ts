// Local-disk storage: objects under DATA_DIR/uploads, read back through this server's
// GET /api/files/<key>?exp=<unix>&sig=<hmac>. The HMAC covers the key and the expiry, so
// a URL cannot be widened to another file or extended in time. Upload URLs
// (PUT /api/files/<key>?exp=&sig=) are signed separately over the purpose and the content
// type, so a read URL can never be replayed as a write.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type FileHandle,
  mkdir,
  open,
  rename,
  rm,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { type Clock, systemClock } from '../../lib/context';
import {
  buildStorageKey,
  contentTypeOf,
  DEFAULT_URL_TTL_SECONDS,
  isValidStorageKey,
  type Storage,
  type StoredObject,
  storagePrefix,
  UPLOAD_URL_TTL_SECONDS,
} from './storage.port';

export type SignatureCheck = 'valid' | 'invalid' | 'expired';

/** Storage whose signed URLs this server checks itself (the files route needs it). */
export interface SignedUrlVerifier {
  verifySignature(key: string, exp: unknown, sig: unknown, now?: Date): SignatureCheck;
  verifyUploadSignature(
    key: string,
    contentType: string,
    exp: unknown,
    sig: unknown,
    now?: Date,
  ): SignatureCheck;
  /** True when an object already exists at the key (uploads never overwrite). */
  exists(key: string): Promise<boolean>;
}

export interface LocalStorageOptions {
  /** Usually `path.join(DATA_DIR, 'uploads')`: see `uploadsDir`. */
  root: string;
  /** HMAC key for URL signatures; keep it secret and stable across servers. */
  secret: string | Uint8Array;
  isProduction: boolean;
  /** Where the files route is mounted. */
  basePath?: string;
  defaultTtlSeconds?: number;
  clock?: Clock;
}

export function uploadsDir(dataDir: string): string {
  return path.resolve(dataDir, 'uploads');
}

export class LocalStorage implements Storage, SignedUrlVerifier {
  readonly driver = 'local' as const;
  private readonly root: string;
  private readonly prefix: string;
  private readonly basePath: string;
  private readonly defaultTtl: number;
  private readonly clock: Clock;

  constructor(private readonly options: LocalStorageOptions) {
    this.root = path.resolve(options.root);
    this.prefix = storagePrefix(options.isProduction);
    this.basePath = (options.basePath ?? '/api/files').replace(/\/$/, '');
    this.defaultTtl = options.defaultTtlSeconds ?? DEFAULT_URL_TTL_SECONDS;
    this.clock = options.clock ?? systemClock;
  }

  newKey(folder: string, extension: string): string {
    return buildStorageKey(this.prefix, folder, extension);
  }

  async put(key: string, bytes: Uint8Array, _contentType: string): Promise<void> {
    const file = this.pathOf(key);
    if (!file) throw new TypeError(`invalid storage key: ${key}`);
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temporary = `${file}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await writeFile(temporary, bytes);
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.pathOf(key);
    if (!file) return null;
    // Open first and stat the handle, so a delete in between cannot break the stream.
    let handle: FileHandle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      if (isMissing(error) || (error as { code?: unknown }).code === 'EISDIR') return null;
      throw error;
    }
    const info = await handle.stat().catch(async (error: unknown) => {
      await handle.close();
      throw error;
    });
    if (!info.isFile()) {
      await handle.close();
      return null;
    }
    return { body: handle.createReadStream(), contentType: contentTypeOf(key), size: info.size };
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    if (!file) return;
    try {
      await unlink(file);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async signedUrl(key: string, ttlSeconds: number = this.defaultTtl): Promise<string> {
    if (!isValidStorageKey(key)) throw new TypeError(`invalid storage key: ${key}`);
    const exp = Math.floor(this.clock().getTime() / 1000) + Math.max(1, Math.floor(ttlSeconds));
    const encoded = key.split('/').map(encodeURIComponent).join('/');
    return `${this.basePath}/${encoded}?exp=${exp}&sig=${this.sign(key, exp)}`;
  }

  async signedUploadUrl(
    key: string,
    contentType: string,
    ttlSeconds: number = UPLOAD_URL_TTL_SECONDS,
  ): Promise<string> {
    if (!isValidStorageKey(key)) throw new TypeError(`invalid storage key: ${key}`);
    const exp = Math.floor(this.clock().getTime() / 1000) + Math.max(1, Math.floor(ttlSeconds));
    const encoded = key.split('/').map(encodeURIComponent).join('/');
    const sig = this.sign(`PUT\n${contentType}\n${key}`, exp);
    return `${this.basePath}/${encoded}?exp=${exp}&sig=${sig}`;
  }

  async exists(key: string): Promise<boolean> {
    const file = this.pathOf(key);
    if (!file) return false;
    try {
      return (await stat(file)).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  verifySignature(
    key: string,
    exp: unknown,
    sig: unknown,
    now: Date = this.clock(),
  ): SignatureCheck {
    if (!isValidStorageKey(key)) return 'invalid';
    return this.check(key, exp, sig, now);
  }

  verifyUploadSignature(
    key: string,
    contentType: string,
    exp: unknown,
    sig: unknown,
    now: Date = this.clock(),
  ): SignatureCheck {
    if (!isValidStorageKey(key)) return 'invalid';
    return this.check(`PUT\n${contentType}\n${key}`, exp, sig, now);
  }

  private check(subject: string, exp: unknown, sig: unknown, now: Date): SignatureCheck {
    if (typeof exp !== 'string' || !/^\d{1,12}$/.test(exp) || typeof sig !== 'string') {
      return 'invalid';
    }
    const expected = Buffer.from(this.sign(subject, Number(exp)));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return Number(exp) * 1000 <= now.getTime() ? 'expired' : 'valid';
  }

  private sign(subject: string, exp: number): string {
    return createHmac('sha256', this.options.secret)
      .update(`${subject}\n${exp}`)
      .digest('base64url');
  }

  /** The file for a key, or null when the key is malformed or would leave the root. */
  private pathOf(key: string): string | null {
    if (!isValidStorageKey(key)) return null;
    const file = path.resolve(this.root, key);
    return file.startsWith(this.root + path.sep) ? file : null;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
