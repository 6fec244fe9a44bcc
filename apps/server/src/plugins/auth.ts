// Bearer-token authentication for HTTP routes. `app.requireMember` is the onRequest hook
// of every route that needs a signed-in member; `request.member` is then set.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { forbidden, notAuthenticated } from '../lib/errors';
import {
  type AuthenticatedSession,
  authenticate,
  type SessionSettings,
} from '../modules/auth/session.service';
import type { UserRow } from '../modules/users/user.presenter';
import { findUserById } from '../modules/users/users.repository';

declare module 'fastify' {
  interface FastifyRequest {
    session: AuthenticatedSession | null;
    member: UserRow | null;
  }
  interface FastifyInstance {
    requireMember: (request: FastifyRequest) => Promise<void>;
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export default fp(
  async function authPlugin(app: FastifyInstance, opts: { db: Db; sessions: SessionSettings }) {
    app.decorateRequest('session', null);
    app.decorateRequest('member', null);

    async function requireMember(request: FastifyRequest) {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw notAuthenticated();
      const session = await authenticate(opts.db, opts.sessions, token);
      const member = await findUserById(opts.db, session.userId);
      if (!member) throw notAuthenticated();
      request.session = session;
      request.member = member;
    }

    app.decorate('requireMember', requireMember);
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      await requireMember(request);
      if (request.member?.role !== 'admin') throw forbidden();
    });
  },
  { name: 'auth' },
);
