// Every area's socket event handlers, registered in one place, as routes are in app.ts:
// each *.socket.ts parses a payload with its shared schema and calls a service, like a
// route. Connection plumbing (auth, budgets, drain, presence) lives in plugins/.
import type { FastifyBaseLogger } from 'fastify';
import type { ServiceContext } from './lib/context';
import { registerAuctionSocketHandlers } from './modules/auctions/auctions.socket';
import { registerChatSocketHandlers } from './modules/chat/chat.socket';
import type { Presence } from './modules/presence/presence';
import { registerMemberSocketHandlers } from './modules/users/users.socket';
import type { AppSocketServer } from './plugins/socket';

export function registerSocketHandlers(
  io: AppSocketServer,
  deps: { ctx: ServiceContext; presence: Presence; log: FastifyBaseLogger },
) {
  const { ctx, log } = deps;
  registerMemberSocketHandlers(io, { db: ctx.db, clock: ctx.clock, log });
  registerAuctionSocketHandlers(io, ctx, log);
  registerChatSocketHandlers(io, { db: ctx.db, presence: deps.presence, log });
}
