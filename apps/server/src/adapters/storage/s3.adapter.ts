// S3-compatible storage (AWS S3, MinIO, R2, ...): the production adapter of the storage
// port. Reads and uploads from the browser use presigned GET/PUT URLs, so object bytes
// never pass through this server except for the processed photos it writes itself.

import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
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

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  isProduction: boolean;
  defaultTtlSeconds?: number;
}

export class S3Storage implements Storage {
  readonly driver = 's3' as const;
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly defaultTtl: number;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.prefix = storagePrefix(options.isProduction);
    this.defaultTtl = options.defaultTtlSeconds ?? DEFAULT_URL_TTL_SECONDS;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? false,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Checksums would be signed into presigned PUT URLs, which browsers cannot supply.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  newKey(folder: string, extension: string): string {
    return buildStorageKey(this.prefix, folder, extension);
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!isValidStorageKey(key)) return null;
    try {
      const response = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      const body = response.Body;
      if (!body) return null;
      return {
        body: body instanceof Readable ? body : Readable.from(body as AsyncIterable<Uint8Array>),
        contentType: response.ContentType ?? contentTypeOf(key),
        size: response.ContentLength ?? 0,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isValidStorageKey(key)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async signedUrl(key: string, ttlSeconds: number = this.defaultTtl): Promise<string> {
    assertKey(key);
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: key }), {
      expiresIn: Math.max(1, Math.floor(ttlSeconds)),
    });
  }

  async signedUploadUrl(
    key: string,
    contentType: string,
    ttlSeconds: number = UPLOAD_URL_TTL_SECONDS,
  ): Promise<string> {
    assertKey(key);
    return getSignedUrl(
      this.client,
      new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }),
      { expiresIn: Math.max(1, Math.floor(ttlSeconds)) },
    );
  }
}

function assertKey(key: string): void {
  if (!isValidStorageKey(key)) throw new TypeError(`invalid storage key: ${key}`);
}

function isMissing(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === 'NoSuchKey' || error.$metadata?.httpStatusCode === 404;
  }
  return (error as { name?: unknown }).name === 'NoSuchKey';
}
