// POST /connections (marketplace §7 Connections): the caller's connections, newest first,
// 10 a page, each seen from the caller's side with the other member's profile and photos.
// A pinned connection (?connectionId=) or partner (/connections/{user_id}) leads the first
// page and is left out of the pages after it.
import {
  type Connection,
  type ConnectionsResponse,
  type ListConnectionsBody,
  listConnectionsBody,
  zodiacSign,
} from '@bidboard/shared';
import type { ServiceContext } from '../../lib/context';
import { newYorkDate } from '../../lib/new-york-date';
import { profilePicturesFor } from '../media/profile-pictures';
import { loadSettings } from '../settings/settings.service';
import type { ProfilePictures } from '../users/user.presenter';
import { type ConnectionTimers, expiresAt, graceEnd } from './connection-timers';
import {
  type ConnectionCardRow,
  connectionCardById,
  connectionCardPages,
} from './connections.repository';

export type ListContext = Pick<ServiceContext, 'db' | 'config' | 'storage' | 'clock'>;

export function presentConnection(
  row: ConnectionCardRow,
  viewerId: number,
  timers: ConnectionTimers,
  now: Date,
  pictures: ProfilePictures,
): Connection {
  const grace = graceEnd(row, timers, now);
  const expiry = expiresAt(row, timers);
  const owner = row.partner_id === viewerId;
  return {
    id: row.id,
    user_id: row.user_id,
    partner_id: row.partner_id,
    status: row.status,
    status_changed_at: row.status_changed_at.toISOString(),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    grace_period: grace ? grace.toISOString() : null,
    rejected_by_user_id: row.rejected_by_user_id,
    expires_at: expiry ? expiry.toISOString() : null,
    engaged: row.engaged_at !== null,
    escrow_state: row.escrow_state,
    reward_redeemable: owner ? row.escrow_purchased + row.escrow_redeemable : 0,
    reward_pending: owner ? row.reward_pending : 0,
    reward_settles_at:
      owner && row.reward_pending > 0 ? row.reward_settles_at!.toISOString() : null,
    is_user: row.user_id === viewerId,
    is_partner: row.partner_id === viewerId,
    partner: {
      id: row.other_id,
      username: row.other_username,
      age: row.other_age === null ? null : Number(row.other_age),
      zodiac_sign: zodiacSign(row.other_birth_date),
      bio: row.other_bio,
      open_to_dating: row.other_open_to_dating,
      favorite_thing_1_answer: row.other_favorite_1,
      favorite_thing_2_answer: row.other_favorite_2,
      favorite_thing_3_answer: row.other_favorite_3,
      ...pictures,
      deleted: row.other_deleted,
      verified: row.other_verified,
    },
    auction: {
      id: row.auction_id,
      final_bid: row.amount,
      created_at: new Date(row.auction_created_at).toISOString(),
    },
  };
}

async function present(ctx: ListContext, viewerId: number, found: ConnectionCardRow[]) {
  const now = ctx.clock();
  const timers = await loadSettings(ctx.db, ctx.config);
  const pictures = await profilePicturesFor(
    ctx.db,
    ctx.storage,
    found.map((r) => r.other_id),
    'thumbnail',
  );
  return found.map((r) => presentConnection(r, viewerId, timers, now, pictures.get(r.other_id)!));
}

export async function listConnections(
  ctx: ListContext,
  viewerId: number,
  input: ListConnectionsBody,
): Promise<Omit<ConnectionsResponse, 'success'>> {
  const body = listConnectionsBody.parse(input);
  const today = newYorkDate(ctx.clock());
  const status = body.forChat ? 'accepted' : body.status;
  const { page, lead } = await connectionCardPages(ctx.db, viewerId, today, {
    status: status && status !== 'all' ? status : null,
    pinConnectionId: body.pin_connection_id ?? null,
    pinPartnerId: body.pin_partner_id ?? null,
    lastId: body.last_connection_id ?? null,
    limit: body.limit,
    offset: body.offset,
  });
  const hasMore = page.length > body.limit;
  // The connection named by ?connectionId= comes before the partner's others.
  lead.sort(
    (a, b) => Number(b.id === body.pin_connection_id) - Number(a.id === body.pin_connection_id),
  );
  const connections = await present(ctx, viewerId, [...lead, ...page.slice(0, body.limit)]);
  return {
    connections,
    pagination: {
      limit: body.limit,
      offset: body.offset,
      returned: connections.length,
      has_more: hasMore,
    },
  };
}

/** One connection as `viewerId` sees it (after a status change). */
export async function connectionFor(
  ctx: ListContext,
  viewerId: number,
  connectionId: number,
): Promise<Connection | null> {
  const found = await connectionCardById(ctx.db, viewerId, newYorkDate(ctx.clock()), connectionId);
  const [connection] = await present(ctx, viewerId, found);
  return connection ?? null;
}
