// Registers the marketplace under /api: auctions and bids, tokens, the admin period
// control (its socket handlers are registered with the others in socket-handlers.ts).
import type { ServiceContext } from '../../lib/context';
import type { FastifyZodApp } from '../../lib/fastify';
import { tokensRoutes } from '../tokens/tokens.routes';
import { adminPeriodsRoutes } from './admin-periods.routes';
import { auctionsRoutes } from './auctions.routes';

export async function marketplaceRoutes(app: FastifyZodApp, { ctx }: { ctx: ServiceContext }) {
  await app.register(auctionsRoutes, { ctx });
  await app.register(tokensRoutes, { ctx });
  await app.register(adminPeriodsRoutes, { ctx });
}
