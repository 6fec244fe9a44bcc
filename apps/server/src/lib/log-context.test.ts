// Log lines carry their request's id, whichever logger writes them, and never twice.
import { Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import pino from 'pino';
import { expect, it } from 'vitest';
import { bindRequestId, logMixin } from './log-context';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: pino({ mixin: logMixin }, stream), lines };
}

it('adds the request id to lines written during a request, once', async () => {
  const { log, lines } = capture();
  log.info('outside');
  await new Promise<void>((resolve) =>
    bindRequestId({ id: 'req-7' } as FastifyRequest, {} as FastifyReply, () => {
      setTimeout(() => {
        log.info('service line');
        log.child({ reqId: 'req-7' }).info('request line');
        resolve();
      }, 1);
    }),
  );
  const [outside, service, request] = lines;
  expect(JSON.parse(outside!).reqId).toBeUndefined();
  expect(JSON.parse(service!).reqId).toBe('req-7');
  expect(request!.match(/"reqId"/g)).toHaveLength(1);
});
