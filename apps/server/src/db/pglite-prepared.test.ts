import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPreparedStatements } from './pglite-prepared';

describe('withPreparedStatements', () => {
  const client = new PGlite();
  const prepared = withPreparedStatements(client);

  beforeAll(async () => {
    await client.exec(`CREATE TABLE t (id int PRIMARY KEY, at timestamptz, tags text[], doc jsonb);
      INSERT INTO t VALUES (1, '2026-01-02T03:04:05Z', '{a,b}', '{"k": 1}')`);
  });
  afterAll(() => client.close());

  it('answers as PGlite does, in object and array row modes, run after run', async () => {
    const text = 'SELECT id, at, tags, doc FROM t WHERE id = $1 AND at > $2';
    const params = [1, new Date('2026-01-01T00:00:00Z')];
    const expected = await client.query(text, params);
    for (let i = 0; i < 3; i++) expect(await prepared.query(text, params)).toEqual(expected);
    const asArrays = { rowMode: 'array' as const };
    expect(await prepared.query(text, params, asArrays)).toEqual(
      await client.query(text, params, asArrays),
    );
    // drizzle's own parsers (timestamps as text), one object per prepared query
    const ownParsers = { rowMode: 'array' as const, parsers: { 1184: (value: string) => value } };
    const withOwn = await client.query(text, params, ownParsers);
    expect(withOwn.rows[0]).toContain('2026-01-02 03:04:05+00');
    for (let i = 0; i < 2; i++)
      expect(await prepared.query(text, params, ownParsers)).toEqual(withOwn);
  });

  it('throws the database error with its statement, and the next run still works', async () => {
    const insert = 'INSERT INTO t (id) VALUES ($1) RETURNING id';
    const error = await prepared.query(insert, [1]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', query: insert, params: [1] });
    expect((await prepared.query(insert, [2])).rows).toEqual([{ id: 2 }]);
    expect((await prepared.query('DELETE FROM t WHERE id = $1', [2])).affectedRows).toBe(1);
  });

  it('waits for an open transaction instead of running inside it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = client.transaction(async (tx) => {
      await tx.query('UPDATE t SET doc = $1 WHERE id = 1', [{ k: 2 }]);
      await held;
      await tx.rollback();
    });
    const read = prepared.query<{ doc: unknown }>('SELECT doc FROM t WHERE id = $1', [1]);
    release();
    await transaction;
    expect((await read).rows).toEqual([{ doc: { k: 1 } }]);
  });
});
