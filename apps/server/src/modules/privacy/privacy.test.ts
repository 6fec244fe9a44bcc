// The Privacy Center (issue 42): Global Privacy Control recorded, Quebec members starting
// with the most private setting, a correction request reaching the admins' queue with its
// 30-day due date, and the limit on sensitive information honoured by the duplicate search.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { buildMember } from '../../../test/factories';
import { testClock } from '../../../test/marketplace';
import { verificationVideos } from '../../db/media.schema';
import { otherMembersFacesPage } from '../media/verification-videos.repository';

const clock = testClock('2026-04-01T12:00:00Z');
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock });
  const row = await buildMember(t.database.db, { onboarded: 14 });
  const { token } = await signIn(t, row.phone_number);
  // Sign-in sets the role from ADMIN_PHONES, so the role is given after it.
  await t.database.db.execute(sql`UPDATE users SET role = 'admin' WHERE id = ${row.id}`);
  admin = { authorization: `Bearer ${token}` };
});
afterAll(() => t.close());

async function member(overrides: Parameters<typeof buildMember>[1] = {}) {
  const row = await buildMember(t.database.db, { onboarded: 14, ...overrides });
  const { token } = await signIn(t, row.phone_number);
  return { ...row, headers: { authorization: `Bearer ${token}` } };
}

const privacy = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/privacy', headers });

describe('Privacy Center', () => {
  it('records the browser’s Global Privacy Control', async () => {
    const signalling = await member();
    const silent = await member();
    const first = await privacy({ ...signalling.headers, 'sec-gpc': '1' });
    expect(first.json().gpc_seen_at).toBe(clock.clock().toISOString());
    expect((await privacy(silent.headers)).json().gpc_seen_at).toBeNull();
  });

  it('starts a member in Quebec with their sensitive information limited', async () => {
    const quebec = await member({ country: 'CA', state: 'QC', postal_code: 'H2X 1Y4' });
    const ontario = await member({ country: 'CA', state: 'ON', postal_code: 'M5V 2T6' });
    const jersey = await member({ country: 'US', state: 'NJ', postal_code: '07030' });
    expect((await privacy(quebec.headers)).json().limit_sensitive).toBe(true);
    expect((await privacy(ontario.headers)).json().limit_sensitive).toBe(false);
    expect((await privacy(jersey.headers)).json().limit_sensitive).toBe(false);
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/privacy',
      headers: quebec.headers,
      payload: { limit_sensitive: false },
    });
    expect(off.json().limit_sensitive).toBe(false);
  });

  it('sends a correction request to the admins’ queue with its 30-day due date', async () => {
    const asking = await member();
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/privacy/requests',
      headers: asking.headers,
      payload: { field: 'token_history', details: 'A refund of 120 tokens on March 3 is missing.' },
    });
    expect(filed.statusCode).toBe(200);
    const due = new Date(clock.clock().getTime() + 30 * 86_400_000).toISOString();
    expect(filed.json().requests).toMatchObject([
      { field: 'token_history', status: 'open', due_at: due, answered_at: null },
    ]);

    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/privacy-requests',
          headers: asking.headers,
        })
      ).statusCode,
    ).toBe(403);
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/admin/privacy-requests',
      headers: admin,
    });
    const entry = queue.json().requests.find((r: { user_id: number }) => r.user_id === asking.id);
    expect(entry).toMatchObject({
      username: asking.username,
      details: 'A refund of 120 tokens on March 3 is missing.',
      due_at: due,
    });
    const answered = await t.app.inject({
      method: 'POST',
      url: `/api/admin/privacy-requests/${entry.id}/answer`,
      headers: admin,
    });
    expect(answered.json().requests.map((r: { id: number }) => r.id)).not.toContain(entry.id);
    expect((await privacy(asking.headers)).json().requests[0].status).toBe('answered');
  });

  it('leaves a member who limits their sensitive information out of the duplicate search', async () => {
    const searching = await member();
    const limited = await member();
    const open = await member();
    for (const owner of [limited, open]) {
      await t.database.db.insert(verificationVideos).values({
        user_id: owner.id,
        file_name: `dev/verification-videos/${owner.id}/v.webm`,
        face_embedding: Buffer.alloc(16, 1),
      });
    }
    await t.app.inject({
      method: 'PUT',
      url: '/api/privacy',
      headers: limited.headers,
      payload: { limit_sensitive: true },
    });
    const page = await otherMembersFacesPage(t.database.db, {
      userId: searching.id,
      afterId: 0,
      limit: 500,
    });
    const owners = page.map((row) => row.user_id);
    expect(owners).toContain(open.id);
    expect(owners).not.toContain(limited.id);
  });
});

describe('the privacy officer', () => {
  it('is named publicly from PRIVACY_OFFICER_CONTACT, with a local default', async () => {
    const policy = await t.app.inject({ method: 'GET', url: '/api/privacy-policy' });
    expect(policy.statusCode).toBe(200);
    expect(policy.json()).toEqual({ privacy_officer: 'privacy@bidboard.example' });
    const named = await createTestApp({
      SWEEPER_ENABLED: 'false',
      PRIVACY_OFFICER_CONTACT: 'Jeanne Roy, dpo@operator.example',
    });
    try {
      const res = await named.app.inject({ method: 'GET', url: '/api/privacy-policy' });
      expect(res.json().privacy_officer).toBe('Jeanne Roy, dpo@operator.example');
    } finally {
      await named.close();
    }
  });
});
