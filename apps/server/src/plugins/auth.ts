// Bearer-token authentication for HTTP routes. `app.requireMember` is the onRequest hook
// of every route that needs a signed-in member; `request.member` is then set.
// `app.requireSession` is for the hot routes that need only who is asking (a chat send):
// `request.session` is set from the sessions this server verified in the last seconds
// (`app.sessionCache`, which the sockets share, emptied at once by `sessionsEnded`), so
// most requests read no row; `request.member` stays null.
// `app.requireOperator` guards what only operators read (metrics, the API document): in
// production it takes the METRICS_TOKEN bearer (for a Prometheus scraper) or an admin.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { forbidden, notAuthenticated } from '../lib/errors';
import {
  type AuthenticatedSession,
  authenticateMember,
  type SessionSettings,
  sessionMemberReader,
  verifyToken,
} from '../modules/auth/session.service';
import { type SessionCache, serverSessionCache } from '../modules/auth/session-cache';
import type { UserRow } from '../modules/users/user.presenter';
import type { SessionsEndedChannel } from './sessions-ended';

declare module 'fastify' {
  interface FastifyRequest {
    session: AuthenticatedSession | null;
    member: UserRow | null;
  }
  interface FastifyInstance {
    requireMember: (request: FastifyRequest) => Promise<void>;
    requireSession: (request: FastifyRequest) => Promise<void>;
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    requireOperator: (request: FastifyRequest) => Promise<void>;
    /** The sessions this server verified lately, shared by HTTP routes and sockets. */
    sessionCache: SessionCache;
  }
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Compares digests, so neither the length nor the content of the token leaks by timing. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export interface AuthPluginOptions {
  db: Db;
  sessions: SessionSettings;
  /** Operator pages are public outside production (local development, tests). */
  isProduction: boolean;
  metricsToken: string | undefined;
  sessionsEnded: SessionsEndedChannel;
}

export default fp(
  async function authPlugin(app: FastifyInstance, opts: AuthPluginOptions) {
    app.decorateRequest('session', null);
    app.decorateRequest('member', null);

    const readMember = sessionMemberReader(opts.db, opts.sessions);
    async function requireMember(request: FastifyRequest) {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw notAuthenticated();
      const { session, member } = await authenticateMember(
        opts.db,
        readMember,
        opts.sessions,
        token,
      );
      // Suspension and deletion revoke the sessions too; this holds even if one was missed.
      if (member.suspended_at || member.deleted_at) throw notAuthenticated();
      request.session = session;
      request.member = member;
    }

    app.decorate('requireMember', requireMember);

    const verified = serverSessionCache(opts.db, opts.sessions, opts.sessionsEnded);
    app.decorate('sessionCache', verified);
    app.decorate('requireSession', async (request: FastifyRequest) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw notAuthenticated();
      const claimed = await verifyToken(opts.sessions, token);
      const session = await verified.live(claimed);
      if (!session) throw notAuthenticated();
      request.session = session;
    });
    async function requireAdmin(request: FastifyRequest) {
      await requireMember(request);
      if (request.member?.role !== 'admin') throw forbidden();
    }
    app.decorate('requireAdmin', requireAdmin);
    app.decorate('requireOperator', async (request: FastifyRequest) => {
      if (!opts.isProduction) return;
      const token = bearerToken(request.headers.authorization);
      if (token && opts.metricsToken && sameSecret(token, opts.metricsToken)) return;
      await requireAdmin(request);
    });
  },
  { name: 'auth' },
);
