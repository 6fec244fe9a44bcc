// What one app adds to the process's metrics (lib/metrics.ts): HTTP durations by route
// pattern, its sockets, and gauges read at scrape time from its database pool, its tables
// (outbox backlog, the open period's end, open redemptions) and Redis. Reads from the
// database are cached a few seconds and a scrape never waits long for them: a slow or
// failed read leaves the previous values, and bidboard_state_age_seconds tells how old.
import { clientEventPayloads } from '@bidboard/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { Gauge, Registry } from 'prom-client';
import type { Db } from '../db/client';
import { httpDuration, processRegistry, socketMetrics } from '../lib/metrics';
import { type OperationalState, readOperationalState } from '../modules/system/metrics.repository';
import { adapterStreamName } from './socket';

/** A scrape waits at most this long for fresh database figures, then answers with the last. */
const STATE_WAIT_MS = 500;
/** Database figures are read at most this often, however many Prometheus servers scrape. */
const STATE_TTL_MS = 10_000;
const REDIS_WAIT_MS = 250;

const CLIENT_EVENTS: ReadonlySet<string> = new Set(Object.keys(clientEventPayloads));

export interface MetricsPluginOptions {
  db: Db;
  registry: Registry;
  /** Prefixes the Redis keys: the adapter's stream is read from Redis when it is configured. */
  redisPrefix: string;
}

/** The database figures, refreshed in the background, never blocking a scrape for long. */
function cachedState(db: Db, onError: (err: unknown) => void) {
  let state: OperationalState | null = null;
  let readAt = 0;
  let reading: Promise<void> | null = null;
  const refresh = () => {
    reading ??= readOperationalState(db)
      .then((fresh) => {
        state = fresh;
        readAt = Date.now();
      })
      .catch(onError)
      .finally(() => {
        reading = null;
      });
    return reading;
  };
  return {
    async get(): Promise<{ state: OperationalState | null; readAt: number }> {
      if (Date.now() - readAt > STATE_TTL_MS) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          refresh(),
          new Promise<void>((r) => {
            timer = setTimeout(r, STATE_WAIT_MS);
          }),
        ]);
        clearTimeout(timer);
      }
      return { state, readAt };
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<undefined>((r) => {
      timer = setTimeout(() => r(undefined), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export default fp(
  async function metricsPlugin(app: FastifyInstance, opts: MetricsPluginOptions) {
    const registers = [opts.registry];

    app.addHook('onResponse', async (request, reply) => {
      httpDuration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });

    app.io.on('connection', (socket) => {
      socketMetrics.connected();
      const auth = socket.handshake.auth as { pid?: unknown };
      if (socket.recovered || typeof auth.pid === 'string')
        socketMetrics.recovery(socket.recovered);
      socket.use(([event], next) => {
        socketMetrics.event(String(event), CLIENT_EVENTS);
        next();
      });
    });
    new Gauge({
      name: 'bidboard_socket_connected',
      help: 'Sockets connected to this server now',
      registers,
      collect() {
        this.set(app.io.of('/').sockets.size);
      },
    });

    const pool = (opts.db as unknown as { $client: unknown }).$client;
    if (pool instanceof pg.Pool) {
      new Gauge({
        name: 'bidboard_db_pool_connections',
        help: 'PostgreSQL pool connections, by state (in_use, idle)',
        labelNames: ['state'],
        registers,
        collect() {
          this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
          this.set({ state: 'idle' }, pool.idleCount);
        },
      });
      new Gauge({
        name: 'bidboard_db_pool_waiting',
        help: 'Queries waiting for a free PostgreSQL pool connection',
        registers,
        collect() {
          this.set(pool.waitingCount);
        },
      });
      new Gauge({
        name: 'bidboard_db_pool_max',
        help: 'The PostgreSQL pool size (DB_POOL_SIZE)',
        registers,
        collect() {
          this.set(pool.options.max ?? 10);
        },
      });
    }

    const state = cachedState(opts.db, (err) =>
      app.log.warn({ err }, 'metrics: database figures not read'),
    );
    new Gauge({
      name: 'bidboard_outbox_backlog',
      help: 'Notification outbox rows waiting to be sent (pending or sending), by channel',
      labelNames: ['channel'],
      registers,
      async collect() {
        const { state: s } = await state.get();
        if (!s) return;
        this.reset();
        for (const channel of ['push', 'sms']) {
          this.set({ channel }, s.outbox.find((r) => r.channel === channel)?.backlog ?? 0);
        }
      },
    });
    new Gauge({
      name: 'bidboard_outbox_oldest_due_seconds',
      help: 'How long the oldest due outbox row has waited past its send time (0: none due)',
      registers,
      async collect() {
        const { state: s } = await state.get();
        if (s) this.set(s.outboxOldestDueSeconds);
      },
    });
    new Gauge({
      name: 'bidboard_open_period_end_timestamp_seconds',
      help: 'When the open auction period is due to close (Unix time); absent when none is open',
      registers,
      async collect() {
        const { state: s } = await state.get();
        if (!s) return;
        this.reset();
        if (s.openPeriodEnd !== null) this.set(s.openPeriodEnd);
      },
    });
    new Gauge({
      name: 'bidboard_redemptions_open',
      help: 'Redemptions not decided yet, by status (pending, and any hold status)',
      labelNames: ['status'],
      registers,
      async collect() {
        const { state: s } = await state.get();
        if (!s) return;
        this.reset();
        this.set({ status: 'pending' }, 0);
        for (const r of s.redemptions) this.set({ status: r.status }, r.n);
      },
    });
    new Gauge({
      name: 'bidboard_state_age_seconds',
      help: 'Age of the database figures above (read at most every 10 s)',
      registers,
      async collect() {
        const { readAt } = await state.get();
        this.set(readAt === 0 ? -1 : (Date.now() - readAt) / 1000);
      },
    });

    const redis = app.redis?.client;
    if (redis) {
      new Gauge({
        name: 'bidboard_redis_up',
        help: '1 while this server is connected to Redis',
        registers,
        collect() {
          this.set(redis.status === 'ready' ? 1 : 0);
        },
      });
      const stream = adapterStreamName(opts.redisPrefix);
      new Gauge({
        name: 'bidboard_socket_adapter_stream_length',
        help: 'Entries in the Socket.IO Redis streams adapter stream',
        registers,
        async collect() {
          if (redis.status !== 'ready') return;
          const length = await withTimeout(redis.xlen(stream), REDIS_WAIT_MS).catch(
            () => undefined,
          );
          if (length !== undefined) this.set(length);
        },
      });
    }
  },
  { name: 'metrics', dependencies: ['socket'] },
);

/** Everything /metrics shows: the process's metrics and this app's. */
export function scrapeRegistry(appRegistry: Registry) {
  return {
    contentType: appRegistry.contentType,
    metrics: () => Registry.merge([processRegistry, appRegistry]).metrics(),
  };
}
