// POST /connections and PUT /connections/{id}/status: what each side sees, paging and
// pinning, and that nobody reaches a connection that is not theirs.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { pendingConnections } from '../../../test/connections';
import { buildMember } from '../../../test/factories';
import { testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { addImage } from '../media/media-test-helpers';

const clock = testClock('2025-06-02T15:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock });
});
afterAll(() => t.close());

async function headersFor(member: { phone_number: string }) {
  const { token } = await signIn(t, member.phone_number);
  return { authorization: `Bearer ${token}` };
}

function list(headers: Record<string, string>, body: Record<string, unknown> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/connections', headers, payload: body });
}

function setStatus(headers: Record<string, string> | undefined, id: unknown, payload?: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/connections/${id}/status`,
    ...(headers ? { headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

describe('POST /connections', () => {
  it('shows each side every field of the connection, from their own side', async () => {
    const [c] = await pendingConnections(t.database.db, clock, 1, { amount: 140 });
    await t.database.db.execute(
      sql`UPDATE users SET birth_date = '1995-03-01', short_bio = 'Loves maps',
                 open_to_dating = true, favorite_thing_1_answer = 'Ramen'
           WHERE id = ${c!.owner.id}`,
    );
    await addImage(t, { user_id: c!.owner.id, display_order: 1 });
    const owner = await headersFor(c!.owner);
    const bidder = await headersFor(c!.bidder);

    const asBidder = (await list(bidder)).json();
    expect(asBidder).toMatchObject({
      success: true,
      pagination: { limit: 10, offset: 0, returned: 1, has_more: false },
    });
    const seen = asBidder.connections[0];
    expect(seen).toMatchObject({
      id: c!.id,
      user_id: c!.bidder.id,
      partner_id: c!.owner.id,
      status: 'pending',
      grace_period: null,
      rejected_by_user_id: null,
      engaged: false,
      escrow_state: 'held',
      is_user: true,
      is_partner: false,
      partner: {
        id: c!.owner.id,
        username: c!.owner.username,
        age: 30,
        zodiac_sign: 'Pisces',
        bio: 'Loves maps',
        open_to_dating: true,
        favorite_thing_1_answer: 'Ramen',
        profile_picture_2: null,
      },
      auction: { final_bid: 140 },
    });
    expect(seen.partner.profile_picture_1).toMatch(/^\/api\/files\//);
    // The privacy policy promises exact dates of birth are never shown: the age only (issue 41).
    expect(seen.partner).not.toHaveProperty('birth_date');
    expect(JSON.stringify(asBidder)).not.toContain('1995-03-01');
    expect(Date.parse(seen.expires_at) - Date.parse(seen.created_at)).toBe(48 * 3_600_000);
    for (const field of ['status_changed_at', 'created_at', 'updated_at']) {
      expect(Number.isNaN(Date.parse(seen[field]))).toBe(false);
    }

    const asOwner = (await list(owner)).json().connections[0];
    expect(asOwner).toMatchObject({
      id: c!.id,
      is_user: false,
      is_partner: true,
      partner: { id: c!.bidder.id, username: c!.bidder.username },
    });
  });

  it('pages by 10, newest first, by offset or last_connection_id, with filters and pins', async () => {
    const made = await pendingConnections(t.database.db, clock, 1);
    const owner = made[0]!.owner;
    // One owner who won 12 other auctions: 12 connections as the bidder, 1 as the owner.
    const owners = await pendingConnections(t.database.db, clock, 12);
    await t.database.db.execute(
      sql`UPDATE connections SET user_id = ${owner.id}
           WHERE id IN (${sql.join(
             owners.map((o) => sql`${o.id}`),
             sql`, `,
           )})`,
    );
    const headers = await headersFor(owner);
    const ids = [made[0]!.id, ...owners.map((o) => o.id)].sort((a, b) => b - a);

    const first = (await list(headers)).json();
    expect(first.connections.map((c: { id: number }) => c.id)).toEqual(ids.slice(0, 10));
    expect(first.pagination).toEqual({ limit: 10, offset: 0, returned: 10, has_more: true });
    const byCursor = (await list(headers, { last_connection_id: ids[9] })).json();
    expect(byCursor.connections.map((c: { id: number }) => c.id)).toEqual(ids.slice(10));
    expect(byCursor.pagination.has_more).toBe(false);
    const byOffset = (await list(headers, { offset: 10 })).json();
    expect(byOffset.connections.map((c: { id: number }) => c.id)).toEqual(ids.slice(10));

    // ?connectionId= leads the first page, and /connections/{user_id} that member's.
    const oldest = ids.at(-1)!;
    const pinned = (await list(headers, { pin_connection_id: oldest })).json();
    expect(pinned.connections[0].id).toBe(oldest);
    expect(pinned.connections).toHaveLength(11);
    const partnerId = owners[5]!.owner.id;
    const byPartner = (await list(headers, { pin_partner_id: partnerId })).json();
    expect(byPartner.connections[0].partner.id).toBe(partnerId);
    const next = (await list(headers, { pin_partner_id: partnerId, offset: 10 })).json();
    expect(next.connections.map((c: { partner: { id: number } }) => c.partner.id)).not.toContain(
      partnerId,
    );

    await t.database.db.execute(
      sql`UPDATE connections SET status = 'accepted' WHERE id = ${owners[0]!.id}`,
    );
    const accepted = (await list(headers, { status: 'accepted' })).json();
    expect(accepted.connections.map((c: { id: number }) => c.id)).toEqual([owners[0]!.id]);
    const forChat = (await list(headers, { forChat: true, limit: 100 })).json();
    expect(forChat.connections.map((c: { id: number }) => c.id)).toEqual([owners[0]!.id]);
    expect((await list(headers, { status: 'all' })).json().connections).toHaveLength(10);
  });

  it('a member sees none of the connections of others; visitors are refused', async () => {
    const [c] = await pendingConnections(t.database.db, clock, 1);
    const stranger = await buildMember(t.database.db, { onboarded: 14, is_approved: true });
    const headers = await headersFor(stranger);
    const res = await list(headers, { pin_connection_id: c!.id, pin_partner_id: c!.owner.id });
    expect(res.json().connections).toEqual([]);
    expect((await t.app.inject({ method: 'POST', url: '/api/connections' })).statusCode).toBe(401);
    for (const body of [
      { limit: 0 },
      { limit: 101 },
      { last_connection_id: 2 ** 31 },
      { status: 'x' },
    ]) {
      expect((await list(headers, body)).statusCode).toBe(400);
    }
  });
});

describe('PUT /connections/{id}/status', () => {
  it('refuses strangers (404), the wrong side (403), bad ids and missing fields (400)', async () => {
    const [c] = await pendingConnections(t.database.db, clock, 1);
    const stranger = await headersFor(
      await buildMember(t.database.db, { onboarded: 14, is_approved: true }),
    );
    const owner = await headersFor(c!.owner);
    const bidder = await headersFor(c!.bidder);

    for (const status of ['accepted', 'rejected', 'unmatched']) {
      const res = await setStatus(stranger, c!.id, { status });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Connection not found');
    }
    expect((await setStatus(stranger, 2_000_000_000, { status: 'accepted' })).statusCode).toBe(404);
    expect((await setStatus(bidder, c!.id, { status: 'rejected' })).statusCode).toBe(403);
    expect((await setStatus(undefined, c!.id, { status: 'accepted' })).statusCode).toBe(401);

    const missing = await setStatus(owner, c!.id, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Connection ID and status are required');
    const noBody = await setStatus(owner, c!.id);
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().message).toBe('Connection ID and status are required');
    const wrong = await setStatus(owner, c!.id, { status: 'pending' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Status must be accepted, rejected or unmatched');
    for (const id of ['2147483648', 'abc', '0', '-1', '1.5']) {
      const res = await setStatus(owner, id, { status: 'accepted' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid id');
    }

    const [row] = await rows<{ status: string }>(
      t.database.db,
      sql`SELECT status FROM connections WHERE id = ${c!.id}`,
    );
    expect(row!.status).toBe('pending');
  });
});
