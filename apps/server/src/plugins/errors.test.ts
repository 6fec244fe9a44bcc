import { Writable } from 'node:stream';
import { MESSAGES } from '@bidboard/shared';
import Fastify from 'fastify';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import errorsPlugin from './errors';

/** A database error as node-postgres raises it (22003: integer out of range). */
function databaseError() {
  return Object.assign(new Error('value "2147483648" is out of range for type integer'), {
    code: '22003',
  });
}

async function appWithLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const registry = new Registry();
  const app = Fastify({ logger: { level: 'error', stream } });
  await app.register(errorsPlugin, { registry });
  app.get('/db', async () => {
    throw databaseError();
  });
  app.get('/bug', async () => {
    throw new TypeError('undefined is not a function');
  });
  await app.ready();
  return { app, lines, registry };
}

describe('an error nothing expected', () => {
  it('answers the generic message, logs it with the request id and counts it', async () => {
    const { app, lines, registry } = await appWithLog();
    const res = await app.inject({ method: 'GET', url: '/db' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: MESSAGES.internal, code: 'INTERNAL' });
    expect(res.body).not.toContain('2147483648');

    const logged = lines.find((line) => line.msg === 'unhandled database error');
    expect(logged).toMatchObject({ reqId: expect.any(String), sqlstate: '22003' });

    await app.inject({ method: 'GET', url: '/bug' });
    const metrics = await registry.metrics();
    expect(metrics).toContain('http_unhandled_errors_total{source="database",sqlstate="22003"} 1');
    expect(metrics).toContain('http_unhandled_errors_total{source="code",sqlstate=""} 1');
    await app.close();
  });
});
