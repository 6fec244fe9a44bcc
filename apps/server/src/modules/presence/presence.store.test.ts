// The presence stores: first and last socket of a member, exactly one "last" when two
// tabs close at once, and (Redis) members of a server that died reaped as offline once.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisPresenceStore } from './presence.redis';
import { MemoryPresenceStore, PRESENCE_TTL_MS, type PresenceStore } from './presence.store';

const redisUrl = process.env.TEST_REDIS_URL;

function behaves(make: () => Promise<PresenceStore>) {
  let store: PresenceStore;
  beforeAll(async () => {
    store = await make();
  });
  afterAll(() => store.close());

  it('reports the first and the last socket of a member', async () => {
    const now = Date.now();
    expect(await store.connect({ userId: 1, socketId: 'a' }, now)).toBe(true);
    expect(await store.connect({ userId: 1, socketId: 'b' }, now)).toBe(false);
    expect([...(await store.online([1, 2], now))]).toEqual([1]);
    expect(await store.disconnect({ userId: 1, socketId: 'a' }, now)).toBe(false);
    expect(await store.disconnect({ userId: 1, socketId: 'a' }, now)).toBe(false);
    expect(await store.disconnect({ userId: 1, socketId: 'b' }, now)).toBe(true);
    expect([...(await store.online([1], now))]).toEqual([]);
  });

  it('sees exactly one last socket when many close at once', async () => {
    const now = Date.now();
    const ids = Array.from({ length: 20 }, (_, i) => `s${i}`);
    for (const socketId of ids) await store.connect({ userId: 7, socketId }, now);
    const last = await Promise.all(
      ids.map((socketId) => store.disconnect({ userId: 7, socketId }, now)),
    );
    expect(last.filter(Boolean)).toHaveLength(1);
  });

  it('knows which conversation a live socket shows', async () => {
    const now = Date.now();
    await store.connect({ userId: 3, socketId: 'x' }, now);
    await store.setView({ userId: 3, socketId: 'x' }, '3_4', now);
    expect(await store.isViewing(3, '3_4', now)).toBe(true);
    expect(await store.isViewing(3, '3_5', now)).toBe(false);
    await store.setView({ userId: 3, socketId: 'x' }, null, now);
    expect(await store.isViewing(3, '3_4', now)).toBe(false);
    await store.disconnect({ userId: 3, socketId: 'x' }, now);
  });
}

describe('in-process presence', () => {
  behaves(async () => new MemoryPresenceStore());
});

describe.skipIf(!redisUrl)('Redis presence', () => {
  const prefix = `test-${randomBytes(6).toString('hex')}`;
  const clients: Redis[] = [];
  afterAll(() => Promise.all(clients.map((c) => c.quit())));
  const open = async () => {
    const client = new Redis(redisUrl!);
    clients.push(client);
    return new RedisPresenceStore(client, prefix);
  };
  behaves(open);

  it("reaps the members of a server that stopped renewing, once, and keeps others' renewed", async () => {
    const a = await open();
    const b = await open();
    const now = Date.now();
    await a.connect({ userId: 11, socketId: 'dead' }, now);
    await b.connect({ userId: 12, socketId: 'alive' }, now);
    const later = now + PRESENCE_TTL_MS + 1000;
    await b.refresh([{ userId: 12, socketId: 'alive' }], later - 1000);
    expect([...(await b.online([11, 12], later))]).toEqual([12]);
    const reaped = await Promise.all([a.reapExpired(later), b.reapExpired(later)]);
    expect(reaped.flat()).toEqual([11]);
    expect(await b.reapExpired(later)).toEqual([]);
    await a.close();
    await b.close();
  });
});
