// Registers the marketplace under /api: auctions and bids, tokens, the admin period
// control, and the socket handlers for bidding and auction rooms.
import type { ServiceContext } from '../../lib/context';
import type { FastifyZodApp } from '../../lib/fastify';
import { tokensRoutes } from '../tokens/tokens.routes';
import { adminPeriodsRoutes } from './admin-periods.routes';
import { auctionsRoutes } from './auctions.routes';
import { registerAuctionSocketHandlers } from './auctions.socket';

export async function marketplaceRoutes(app: FastifyZodApp, { ctx }: { ctx: ServiceContext }) {
  await app.register(auctionsRoutes, { ctx });
  await app.register(tokensRoutes, { ctx });
  await app.register(adminPeriodsRoutes, { ctx });
  registerAuctionSocketHandlers(app.io, ctx, app.log);
}
