// Image uploads send the raw bytes (any Content-Type: the decoder decides what they are).
import { MEDIA_MESSAGES, PHOTO_UPLOAD_BODY_LIMIT } from '@bidboard/shared';
import type { FastifyError } from 'fastify';
import { AppError } from './errors';
import type { FastifyZodApp } from './fastify';

/**
 * Makes this (encapsulated) scope read every body as raw bytes up to the photo limit and
 * answer a larger one with the spec's "too large" message. Call it in a scope of its own,
 * so the parser and limit apply to the upload route only.
 */
export function acceptRawImageBodies(app: FastifyZodApp): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: PHOTO_UPLOAD_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new AppError('VALIDATION', 413, MEDIA_MESSAGES.imageTooLarge);
    }
    throw error;
  });
}
