// GET /alerts, DELETE /alerts/{id}, PUT /alerts/mark-unread-as-read: a member reads,
// deletes and marks only their own alerts.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { buildMember } from '../../../test/factories';
import { testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { insertAlert } from './alerts.repository';

const clock = testClock('2025-06-10T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock });
});
afterAll(() => t.close());

async function memberWithAlerts(count: number) {
  const member = await buildMember(t.database.db);
  const { token } = await signIn(t, member.phone_number);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const alert = await insertAlert(t.database.db, {
      userId: member.id,
      kind: i % 2 ? 'outbid' : 'connection_accepted',
      message: `Alert ${i}`,
      text: { key: 'none' },
      payload: { connectionId: 100 + i, userId: 7 },
    });
    ids.push(Number(alert!.id));
  }
  return { member, ids, headers: { authorization: `Bearer ${token}` } };
}

describe('alerts API', () => {
  it('lists the member’s alerts newest first with the unread count', async () => {
    const a = await memberWithAlerts(3);
    const res = await t.app.inject({ method: 'GET', url: '/api/alerts', headers: a.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.unread).toBe(3);
    expect(body.alerts.map((x: { id: number }) => x.id)).toEqual([...a.ids].reverse());
    expect(body.alerts[0]).toMatchObject({
      id: a.ids[2],
      user_id: a.member.id,
      kind: 'connection_accepted',
      message: 'Alert 2',
      payload: { connectionId: 102, userId: 7 },
      isRead: false,
      readAt: null,
    });
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/alerts?limit=1&offset=1',
      headers: a.headers,
    });
    expect(page.json().alerts.map((x: { id: number }) => x.id)).toEqual([a.ids[1]]);
  });

  it('marks only the member’s own unread alerts read, with the time', async () => {
    const a = await memberWithAlerts(2);
    const b = await memberWithAlerts(1);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/alerts/mark-unread-as-read',
      headers: a.headers,
      payload: { alertIds: [...a.ids, ...b.ids] },
    });
    expect(res.json()).toEqual({ success: true, updated: 2 });
    const again = await t.app.inject({
      method: 'PUT',
      url: '/api/alerts/mark-unread-as-read',
      headers: a.headers,
      payload: { alertIds: a.ids },
    });
    expect(again.json().updated).toBe(0);
    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/alerts', headers: a.headers })
    ).json();
    expect(listed.unread).toBe(0);
    expect(listed.alerts[0]).toMatchObject({ isRead: true, readAt: clock.clock().toISOString() });
    const [other] = await rows<{ is_read: boolean }>(
      t.database.db,
      sql`SELECT is_read FROM alerts WHERE id = ${b.ids[0]!}`,
    );
    expect(other!.is_read).toBe(false);
  });

  it('deletes only the member’s own alert; others’ ids are not found', async () => {
    const a = await memberWithAlerts(1);
    const b = await memberWithAlerts(1);
    const stolen = await t.app.inject({
      method: 'DELETE',
      url: `/api/alerts/${b.ids[0]}`,
      headers: a.headers,
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe('Alert not found');
    const own = await t.app.inject({
      method: 'DELETE',
      url: `/api/alerts/${a.ids[0]}`,
      headers: a.headers,
    });
    expect(own.json()).toEqual({ success: true, id: a.ids[0] });
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/alerts/${a.ids[0]}`,
      headers: a.headers,
    });
    expect(gone.statusCode).toBe(404);
    const [left] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT COUNT(*)::int AS n FROM alerts WHERE id = ${b.ids[0]!}`,
    );
    expect(left!.n).toBe(1);
  });

  it('refuses visitors and ids out of range', async () => {
    const a = await memberWithAlerts(0);
    for (const [method, url] of [
      ['GET', '/api/alerts'],
      ['DELETE', '/api/alerts/1'],
      ['PUT', '/api/alerts/mark-unread-as-read'],
    ] as const) {
      expect((await t.app.inject({ method, url, payload: { alertIds: [1] } })).statusCode).toBe(
        401,
      );
    }
    for (const id of ['2147483648', 'x', '0']) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/alerts/${id}`,
        headers: a.headers,
      });
      expect(res.statusCode).toBe(400);
    }
    for (const alertIds of [[], [2 ** 31], ['1'], Array.from({ length: 501 }, (_, i) => i + 1)]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/alerts/mark-unread-as-read',
        headers: a.headers,
        payload: { alertIds },
      });
      expect(res.statusCode).toBe(400);
    }
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/alerts?limit=1000',
      headers: a.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});
