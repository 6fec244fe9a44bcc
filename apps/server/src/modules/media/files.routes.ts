// GET /files/<key>?exp=&sig= (mounted under /api): serves a stored object to whoever
// holds a valid, unexpired signed URL. The URL is the capability; no session is needed,
// so <img src> works. Browsers may cache the bytes privately until the URL expires.
import type { FastifyInstance } from 'fastify';
import type { SignedUrlVerifier } from '../../adapters/storage/local.adapter';
import type { Storage } from '../../adapters/storage/storage.port';
import { type Clock, systemClock } from '../../lib/context';
import { MEDIA_MESSAGES } from './media.messages';

export interface FilesRoutesOptions {
  storage: Storage & SignedUrlVerifier;
  clock?: Clock;
}

export async function filesRoutes(
  app: FastifyInstance,
  { storage, clock = systemClock }: FilesRoutesOptions,
) {
  app.get('/files/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const { exp, sig } = request.query as { exp?: unknown; sig?: unknown };
    const now = clock();
    if (storage.verifySignature(key, exp, sig, now) !== 'valid') {
      return reply.status(403).send({ message: MEDIA_MESSAGES.imageUrlFailed, code: 'FORBIDDEN' });
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
  });
}
