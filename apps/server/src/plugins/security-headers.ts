// Helmet's response headers and the Content-Security-Policy: what the web app may load,
// frame and post to. Photos and uploads come from the bucket's own origin when storage is
// S3; the card processor's hosted form is framed and posted to only when it is a third party.
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

/** Origins the browser reads from and uploads to when files live in an S3 bucket. */
export function s3Origins(config: Config): string[] {
  if (config.STORAGE_DRIVER !== 's3' || !config.S3_BUCKET) return [];
  if (config.S3_ENDPOINT) {
    const endpoint = new URL(config.S3_ENDPOINT);
    if (config.S3_FORCE_PATH_STYLE) return [endpoint.origin];
    return [`${endpoint.protocol}//${config.S3_BUCKET}.${endpoint.host}`];
  }
  return [`https://${config.S3_BUCKET}.s3.${config.S3_REGION}.amazonaws.com`];
}

/**
 * The headers helmet sets for these options, worked out once on a response nobody sends.
 * They depend on nothing in the request; @fastify/helmet built helmet's whole middleware
 * again for every request, parsing the policy each time (without that, `GET /me` answers
 * about a fifth more requests a second: bench/README.md).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  let failure: unknown;
  helmet(options)(response.req, response, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return Object.fromEntries(
    Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
}

export default fp(
  async function securityHeadersPlugin(
    app: FastifyInstance,
    opts: { config: Config; paymentFormOrigin: string | null },
  ) {
    const { config } = opts;
    const storageOrigins = s3Origins(config);
    const paymentFormOrigins = opts.paymentFormOrigin ? [opts.paymentFormOrigin] : [];
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // The face model (@vladmandic/human) compiles WebAssembly: its environment check
          // probes the WASM backend. 'wasm-unsafe-eval' permits exactly that, not eval().
          scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
          // Dialog primitives inject their scroll-lock styles at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...storageOrigins],
          mediaSrc: ["'self'", 'blob:', ...storageOrigins],
          fontSrc: ["'self'", 'data:'],
          // blob:/data: let the photo editor read back the image it just cropped.
          connectSrc: ["'self'", 'ws:', 'wss:', 'blob:', 'data:', ...storageOrigins],
          workerSrc: ["'self'", 'blob:'],
          frameSrc: ["'self'", ...paymentFormOrigins],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'", ...paymentFormOrigins],
          frameAncestors: ["'none'"],
          ...(config.isProduction ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      crossOriginEmbedderPolicy: false,
    });
    // On the reply, so a route can still replace one (the hosted card form's own policy).
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
