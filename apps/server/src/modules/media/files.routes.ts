// GET /files/<key>?exp=&sig= (mounted under /api): serves a stored object to whoever
// holds a valid, unexpired signed URL. The URL is the capability; no session is needed,
// so <img src> works. Browsers may cache the bytes privately until the URL expires.
// PUT /files/<key>?exp=&sig= is the local stand-in for an S3 presigned PUT: it accepts
// one upload of the signed content type, capped in size, and never overwrites.
import { MEDIA_MESSAGES, VERIFICATION_VIDEO_MAX_BYTES } from '@bidboard/shared';
import type { FastifyInstance } from 'fastify';
import type { SignedUrlVerifier } from '../../adapters/storage/local.adapter';
import type { Storage } from '../../adapters/storage/storage.port';
import { type Clock, systemClock } from '../../lib/context';

export interface FilesRoutesOptions {
  storage: Storage & SignedUrlVerifier;
  clock?: Clock;
  /** Largest accepted upload body. */
  maxUploadBytes?: number;
}

export async function filesRoutes(
  app: FastifyInstance,
  {
    storage,
    clock = systemClock,
    maxUploadBytes = VERIFICATION_VIDEO_MAX_BYTES,
  }: FilesRoutesOptions,
) {
  // Uploads arrive as raw bytes of any type; the signature decides which type is allowed.
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: maxUploadBytes },
    (_r, body, done) => done(null, body),
  );

  app.put(
    '/files/*',
    { schema: { hide: true }, bodyLimit: maxUploadBytes },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const { exp, sig } = request.query as { exp?: unknown; sig?: unknown };
      const contentType = (request.headers['content-type'] ?? '').toLowerCase();
      if (storage.verifyUploadSignature(key, contentType, exp, sig, clock()) !== 'valid') {
        return reply
          .status(403)
          .send({ message: MEDIA_MESSAGES.uploadUrlFailed, code: 'FORBIDDEN' });
      }
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) {
        return reply.status(400).send({ message: MEDIA_MESSAGES.videoInvalid, code: 'VALIDATION' });
      }
      if (await storage.exists(key)) {
        return reply
          .status(409)
          .send({ message: MEDIA_MESSAGES.uploadUrlFailed, code: 'CONFLICT' });
      }
      await storage.put(key, body, contentType);
      return reply.status(200).send();
    },
  );

  // Reads are signed and short-lived, and one page of the Bid Board loads many photos, so
  // they are not counted against the per-address request limit.
  app.get(
    '/files/*',
    { schema: { hide: true }, config: { rateLimit: false } },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const { exp, sig } = request.query as { exp?: unknown; sig?: unknown };
      const now = clock();
      if (storage.verifySignature(key, exp, sig, now) !== 'valid') {
        return reply
          .status(403)
          .send({ message: MEDIA_MESSAGES.imageUrlFailed, code: 'FORBIDDEN' });
      }
      const object = await storage.get(key);
      if (!object) {
        return reply.status(404).send({ message: MEDIA_MESSAGES.imageNotFound, code: 'NOT_FOUND' });
      }
      const maxAge = Math.max(0, Number(exp) - Math.floor(now.getTime() / 1000));
      return reply
        .header('content-type', object.contentType)
        .header('content-length', object.size)
        .header('cache-control', `private, max-age=${maxAge}`)
        .header('x-content-type-options', 'nosniff')
        .send(object.body);
    },
  );
}
