// Tracing as shipped: the server built by scripts/build.mjs (esbuild, dist/server.js) and
// started with node alone, exporting OTLP to a receiver here. The instrumentations patch
// packages as Node loads them, which a bundle could silently defeat: this proves pg spans
// arrive, under the traced request that ran them. PostgreSQL only (PGlite has no pg).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres, type TestDatabase } from '../../test/database';
import { type ReceivedSpan, startOtlpReceiver } from '../../test/otlp-receiver';

if (!onPostgres) console.log('[tests] tracing.built.test: needs PostgreSQL; skipped on PGlite');

const serverDir = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Waits for the server to answer its health probe (or to die trying). */
async function healthy(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (
      (await fetch(url).then(
        (r) => r.status,
        () => 0,
      )) === 200
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server not healthy after 30 s');
}

describe.runIf(onPostgres)('the built server with OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  let database: TestDatabase;
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let server: ChildProcess;
  let base: string;

  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: serverDir });
    database = await createTestDatabase();
    receiver = await startOtlpReceiver();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['dist/server.js'], {
      cwd: serverDir,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bidboard-traced-')),
        JWT_SECRET: randomBytes(32).toString('hex'),
        SEED_DEMO: 'false',
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
    });
    await healthy(`${base}/api/health`, server);
  });
  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await receiver?.close();
    await database?.close();
  });

  it('exports the SQL of a request as pg spans inside its trace', async () => {
    const res = await fetch(`${base}/api/auth/request-otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone_number: '+12125550143' }),
    });
    expect(res.status).toBe(200);

    const requestTrace = (): { request: ReceivedSpan; sql: ReceivedSpan[] } | null => {
      const request = receiver.spans.find(
        (s) => s.kind === 2 && String(s.attributes['url.path']) === '/api/auth/request-otp',
      );
      if (!request) return null;
      const sql = receiver.spans.filter(
        (s) => s.traceId === request.traceId && s.name.startsWith('pg.query'),
      );
      return sql.length > 0 ? { request, sql } : null;
    };
    await expect.poll(requestTrace, { timeout: 15_000 }).not.toBeNull();
    const { request, sql } = requestTrace()!;
    // The request's server span (@fastify/otel), named by its route, holds the SQL.
    expect(request.name).toBe('POST /api/auth/request-otp');
    expect(request.parentSpanId).toBeUndefined();
    for (const query of sql) expect(query.parentSpanId).toBe(request.spanId);
    // Probes are not traced.
    await fetch(`${base}/api/health`);
    expect(receiver.spans.some((s) => String(s.attributes['url.path']) === '/api/health')).toBe(
      false,
    );
  });
});
