// Reports: a member reports another (blocking them by default); the report waits in the
// admins' queue with its age against the 24-hour target; each action (dismiss, warn,
// remove a photo, suspend) happens once with one audit row. The reported member is
// never told who reported them.
import { REPORT_TARGET_HOURS, SAFETY_MESSAGES } from '@bidboard/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { buildBidder, ledgerProblems, testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { users } from '../../db/schema';
import { addImage } from '../media/media-test-helpers';

const clock = testClock('2025-07-01T15:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock });
});
afterAll(() => t.close());

async function member(role: 'member' | 'admin' = 'member') {
  const row = await buildBidder(t.database.db, 0);
  const { token } = await signIn(t, row.phone_number);
  if (role === 'admin') {
    await t.database.db.update(users).set({ role }).where(eq(users.id, row.id));
  }
  return { ...row, headers: { authorization: `Bearer ${token}` } };
}
type Member = Awaited<ReturnType<typeof member>>;

const report = (from: Member, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/reports', headers: from.headers, payload });
const queue = (admin: Member, status = 'open') =>
  t.app.inject({
    method: 'GET',
    url: `/api/admin/reports?status=${status}`,
    headers: admin.headers,
  });
const act = (admin: Member, id: number, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/reports/${id}/action`,
    headers: admin.headers,
    payload,
  });
const blockedBy = async (m: Member) =>
  (await t.app.inject({ method: 'GET', url: '/api/blocks', headers: m.headers }))
    .json()
    .blocks.map((b: { id: number }) => b.id);

describe('reporting a member', () => {
  it('merges repeats of one reporter about one member into one open entry (issue 41)', async () => {
    const reporter = await member();
    const reported = await member();
    const other = await member();
    const admin = await member('admin');
    // Twenty identical reports in parallel (made twenty queue entries), one with new words.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        report(reporter, { user_id: reported.id, reason: 'scam_or_spam', text: 'Sends links.' }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    await report(reporter, {
      user_id: reported.id,
      reason: 'scam_or_spam',
      text: 'Now asks for money.',
    });
    // Another reason, and another reporter: entries of their own.
    await report(reporter, { user_id: reported.id, reason: 'harassment', block: false });
    await report(other, { user_id: reported.id, reason: 'scam_or_spam', text: 'Sends links.' });

    const entries = (await queue(admin))
      .json()
      .reports.filter(
        (r: { reported_user: { id: number } }) => r.reported_user.id === reported.id,
      ) as { reporter: { id: number }; reason: string; times: number; text: string | null }[];
    const summary = entries
      .map((r) => [r.reporter.id === reporter.id ? 'reporter' : 'other', r.reason, r.times, r.text])
      .sort();
    expect(summary).toEqual([
      ['other', 'scam_or_spam', 1, 'Sends links.'],
      ['reporter', 'harassment', 1, null],
      ['reporter', 'scam_or_spam', 21, 'Sends links.\n\nNow asks for money.'],
    ]);
    expect(await blockedBy(reporter)).toEqual([reported.id]);

    // Once handled, a new report is a new entry.
    const merged = entries.find(
      (r) => r.reporter.id === reporter.id && r.reason === 'scam_or_spam',
    ) as { id: number } | undefined;
    expect((await act(admin, merged!.id, { action: 'dismiss' })).statusCode).toBe(200);
    await report(reporter, { user_id: reported.id, reason: 'scam_or_spam' });
    const again = (await queue(admin))
      .json()
      .reports.filter(
        (r: { reported_user: { id: number }; reporter: { id: number }; reason: string }) =>
          r.reported_user.id === reported.id &&
          r.reporter.id === reporter.id &&
          r.reason === 'scam_or_spam',
      );
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ times: 1, text: null });
  });

  it('lands in the queue with its age, blocks by default, and the warning names no reporter', async () => {
    const reporter = await member();
    const reported = await member();
    const admin = await member('admin');

    const res = await report(reporter, {
      user_id: reported.id,
      reason: 'harassment',
      text: 'Keeps messaging me after I said no.',
    });
    expect(res.json()).toEqual({
      success: true,
      message: SAFETY_MESSAGES.reportedAndBlocked,
      blocked: true,
    });
    expect(await blockedBy(reporter)).toEqual([reported.id]);

    clock.set(new Date(clock.clock().getTime() + (REPORT_TARGET_HOURS + 1) * 3_600_000));
    const open = (await queue(admin)).json();
    const item = open.reports.find(
      (r: { reporter: { id: number } }) => r.reporter.id === reporter.id,
    );
    expect(item).toMatchObject({
      reported_user: { id: reported.id, username: reported.username, suspended: false },
      reason: 'harassment',
      reason_label: 'Harassment',
      text: 'Keeps messaging me after I said no.',
      status: 'open',
      age_hours: REPORT_TARGET_HOURS + 1,
      overdue: true,
    });

    const warned = await act(admin, item.id, { action: 'warn' });
    expect(warned.json().report).toMatchObject({
      status: 'actioned',
      action: 'warn',
      overdue: false,
    });
    const again = await act(admin, item.id, { action: 'dismiss' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SAFETY_MESSAGES.reportHandled);

    // What the reported member can read says the reason, never who reported them.
    const alerts = await t.app.inject({
      method: 'GET',
      url: '/api/alerts',
      headers: reported.headers,
    });
    const text = alerts.body;
    expect(alerts.json().alerts[0]).toMatchObject({
      kind: 'moderation_warning',
      message: SAFETY_MESSAGES.warning('harassment'),
    });
    expect(text).not.toContain(reporter.username!);
    expect(alerts.json().alerts[0].payload).toEqual({ reason: 'harassment' });
    const audit = await rows<{ action: string }>(
      t.database.db,
      sql`SELECT action FROM admin_audit_log WHERE target_type = 'report' AND target_id = ${String(item.id)}`,
    );
    expect(audit).toEqual([{ action: 'report.warn' }]);
  });

  it('may leave the member unblocked, and is refused for oneself', async () => {
    const reporter = await member();
    const reported = await member();
    const res = await report(reporter, {
      user_id: reported.id,
      reason: 'scam_or_spam',
      block: false,
    });
    expect(res.json()).toEqual({
      success: true,
      message: SAFETY_MESSAGES.reported,
      blocked: false,
    });
    expect(await blockedBy(reporter)).toEqual([]);
    const self = await report(reporter, { user_id: reporter.id, reason: 'other' });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(SAFETY_MESSAGES.cannotReportSelf);
    const bad = await report(reporter, { user_id: reported.id, reason: 'boring' });
    expect(bad.statusCode).toBe(400);
    const nul = await report(reporter, { user_id: reported.id, reason: 'other', text: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
  });

  it('removes a photo, suspends, or dismisses, each once and audited', async () => {
    const admin = await member('admin');
    const reported = await member();
    const photo = await addImage(t, { user_id: reported.id, display_order: 2 });
    const ids: number[] = [];
    for (const reason of ['inappropriate_photos', 'fake_profile', 'other']) {
      await report(await member(), { user_id: reported.id, reason });
    }
    const open = (await queue(admin))
      .json()
      .reports.filter((r: { reported_user: { id: number } }) => r.reported_user.id === reported.id);
    ids.push(...open.map((r: { id: number }) => r.id));
    expect(ids).toHaveLength(3);

    const noPhoto = await act(admin, ids[0]!, { action: 'remove_photo' });
    expect(noPhoto.statusCode).toBe(400);
    expect(noPhoto.json().message).toBe(SAFETY_MESSAGES.photoRequired);
    const removed = await act(admin, ids[0]!, { action: 'remove_photo', photo_id: photo.id });
    expect(removed.json().report.action).toBe('remove_photo');
    const [left] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT COUNT(*)::int AS n FROM profile_images WHERE id = ${photo.id}`,
    );
    expect(left!.n).toBe(0);

    const suspended = await act(admin, ids[1]!, { action: 'suspend', note: 'Fake photos' });
    expect(suspended.json().report).toMatchObject({
      action: 'suspend',
      reported_user: { suspended: true },
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: reported.headers,
    });
    expect(me.statusCode).toBe(401);

    const dismissed = await act(admin, ids[2]!, { action: 'dismiss' });
    expect(dismissed.json().report).toMatchObject({ status: 'dismissed', action: 'dismiss' });
    const handled = (await queue(admin, 'actioned'))
      .json()
      .reports.map((r: { id: number }) => r.id);
    expect(handled).toEqual(expect.arrayContaining([ids[0], ids[1]]));

    const audit = await rows<{ action: string }>(
      t.database.db,
      sql`SELECT action FROM admin_audit_log WHERE target_type = 'report'
           AND target_id = ANY(${`{${ids.join(',')}}`}::text[]) ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'report.remove_photo',
      'report.suspend',
      'report.dismiss',
    ]);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('the queue is for admins only', async () => {
    const someone = await member();
    expect((await queue(someone)).statusCode).toBe(403);
    const visitor = await t.app.inject({ method: 'GET', url: '/api/admin/reports' });
    expect(visitor.statusCode).toBe(401);
    const action = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reports/1/action',
      headers: someone.headers,
      payload: { action: 'dismiss' },
    });
    expect(action.statusCode).toBe(403);
  });
});

describe('downloading one’s data', () => {
  it('is everything stored about the member, and only theirs', async () => {
    const me = await member();
    const other = await member();
    await report(me, { user_id: other.id, reason: 'other', text: 'hello' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/account/export',
      headers: me.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="bidboard-data-/);
    const data = res.json();
    expect(data.profile).toMatchObject({
      id: me.id,
      username: me.username,
      phone_number: me.phone_number,
    });
    expect(Object.keys(data)).toEqual(
      expect.arrayContaining([
        'photos',
        'bids',
        'connections',
        'ledger',
        'alerts',
        'conversations',
        'messages_sent',
        'reports_made',
        'blocks',
        'sessions',
      ]),
    );
    expect(data.reports_made).toEqual([
      expect.objectContaining({ reported_id: other.id, reason: 'other', text: 'hello' }),
    ]);
    expect(data.blocks).toEqual([expect.objectContaining({ blocked_id: other.id })]);
    expect(res.body).not.toContain(other.phone_number);
    const visitor = await t.app.inject({ method: 'GET', url: '/api/account/export' });
    expect(visitor.statusCode).toBe(401);
  });
});
