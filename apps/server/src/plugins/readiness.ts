// `app.readiness`: whether this server should receive traffic (GET /api/ready). Not while
// it drains for a shutdown (the balancer must stop sending before the server stops
// answering), nor while a dependency it needs does not answer within READY_TIMEOUT_MS. A
// check that hangs (a pool with no free connection, a Redis that accepts and never
// replies) counts as a failure at the timeout: the balancer's probe never waits longer.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface ReadinessReport {
  ready: boolean;
  /** Each dependency: 'ok', or why it is not. */
  checks: Record<string, string>;
  draining: boolean;
}

export interface Readiness {
  readonly draining: boolean;
  /** From now on /api/ready answers 503; nothing else changes until the app closes. */
  startDraining(): void;
  /** A dependency to check on every probe; `check` rejects when it is unusable. */
  addCheck(name: string, check: () => Promise<void>): void;
  report(): Promise<ReadinessReport>;
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timedOut]).finally(() => clearTimeout(timer));
}

export function createReadiness(timeoutMs: number): Readiness {
  let draining = false;
  const checks = new Map<string, () => Promise<void>>();
  return {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
    addCheck(name, check) {
      checks.set(name, check);
    },
    async report() {
      const results = await Promise.all(
        [...checks].map(async ([name, check]) => {
          try {
            await withTimeout(check(), timeoutMs, name);
            return [name, 'ok'] as const;
          } catch (error) {
            return [name, error instanceof Error ? error.message : String(error)] as const;
          }
        }),
      );
      const failed = results.some(([, result]) => result !== 'ok');
      return { ready: !draining && !failed, draining, checks: Object.fromEntries(results) };
    },
  };
}

export default fp(
  async function readinessPlugin(app: FastifyInstance, opts: { timeoutMs: number }) {
    const readiness = createReadiness(opts.timeoutMs);
    app.decorate('readiness', readiness);
    // While draining, each answer closes its keep-alive connection: the balancer's next
    // request opens a new one (to a server still ready), and none is left idle to hold
    // the closing server open until its keep-alive timeout.
    app.addHook('onSend', async (_request, reply) => {
      if (readiness.draining) reply.header('connection', 'close');
    });
  },
  { name: 'readiness' },
);
