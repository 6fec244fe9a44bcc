// Requests that arrive together share one read of their sessions and members
// (sessionMemberReader), and each still gets its own member, or its own refusal.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, sessionTokensFor, type TestApp } from '../../../test/app';
import { onPostgres } from '../../../test/database';
import { buildMember } from '../../../test/factories';
import { revokeSession } from './session.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the session + member read of requests arriving together', () => {
  it('answers 32 requests at once from a few statements, each with its own row or refusal', async () => {
    const db = t.database.db;
    const members = await Promise.all(
      Array.from({ length: 30 }, (_, i) => buildMember(db, { username: `reader_${i}` })),
    );
    const [revoked, ...tokens] = await sessionTokensFor(t, [
      members[6]!.id,
      ...members.map((m) => m.id),
    ]);
    // The seventh member's first session is revoked, the ninth member's token is sent twice.
    const sid = JSON.parse(Buffer.from(revoked!.split('.')[1]!, 'base64url').toString()).sid;
    await revokeSession(db, sid, () => new Date());
    const sent = [...tokens, revoked, tokens[8]!];

    const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client;
    const query = vi.spyOn(client, 'query');
    const answers = await Promise.all(
      sent.map((token) =>
        t.app.inject({
          method: 'GET',
          url: '/api/auth/me',
          headers: { authorization: `Bearer ${token}` },
        }),
      ),
    );
    const reads = query.mock.calls.filter((args) =>
      JSON.stringify(args[0]).includes('WITH ORDINALITY AS claim'),
    ).length;
    query.mockRestore();

    expect(answers.map((a) => a.statusCode)).toEqual([...Array(30).fill(200), 401, 200]);
    const ids = answers.map((a) => (a.statusCode === 200 ? a.json().user.id : null));
    expect(ids).toEqual([...members.map((m) => m.id), null, members[8]!.id]);
    // Counted on PostgreSQL's pool; PGlite's client runs statements behind a proxy.
    if (onPostgres) {
      expect(reads).toBeGreaterThan(0);
      expect(reads).toBeLessThanOrEqual(3);
    }
  });
});
