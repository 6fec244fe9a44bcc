// `app.presence`: who is online, across servers (modules/presence). Renewing this server's
// presence entries is liveness, not a sweep: its timers always run while the app does.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Clock } from '../lib/context';
import { createPresence, startPresenceTimers } from '../modules/presence/presence';

export default fp(
  async function presencePlugin(
    app: FastifyInstance,
    opts: { db: Db; config: Config; clock: Clock },
  ) {
    const presence = await createPresence({ ...opts, io: app.io, redis: app.redis, log: app.log });
    app.decorate('presence', presence);
    let stopPresenceTimers: (() => void) | undefined;
    app.addHook('onReady', async () => {
      stopPresenceTimers = startPresenceTimers(presence, app.log);
    });
    app.addHook('onClose', async () => {
      stopPresenceTimers?.();
      await presence.close();
    });
  },
  { name: 'presence', dependencies: ['socket', 'redis'] },
);
