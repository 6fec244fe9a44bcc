// Serves the built web app: hashed assets cached for a year, everything else revalidated,
// and index.html for the single page's own routes. Unknown /api, /socket.io and asset
// paths, and anything but GET, are a JSON 404.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@bidboard/shared';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Hashed build output never changes under its name, so browsers keep it for a year without
 * asking. Everything else (index.html, the service worker, the face models) is revalidated
 * on every use, so a deploy is seen at once.
 */
function webCacheControl(filePath: string): string {
  return /[\\/]assets[\\/]/.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export default fp(
  async function webAppPlugin(app: FastifyInstance, opts: { webDist: string }) {
    const { webDist } = opts;
    const hasWeb = existsSync(path.join(webDist, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside every text file; the best one accepted is sent.
        preCompressed: true,
        setHeaders: (reply, filePath) => reply.header('cache-control', webCacheControl(filePath)),
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '';
      if (
        url.startsWith('/api') ||
        url.startsWith('/socket.io') ||
        // A hashed file this build does not have (an old tab after a deploy) is missing, not
        // a page: the browser must not run index.html as a script.
        url.startsWith('/assets/') ||
        request.method !== 'GET' ||
        !hasWeb
      ) {
        return reply.status(404).send({ message: MESSAGES.notFound, code: 'NOT_FOUND' });
      }
      // Client-side routes (/{username}, /connections/...) all load the single page.
      return reply.type('text/html').sendFile('index.html');
    });
  },
  { name: 'web-app' },
);
