// Presence shared by every server through Redis. Keys under `{prefix}:presence:`:
//   u:{userId}    sorted set: socket id -> expiry (ms)
//   online        sorted set: user id -> the latest expiry of their sockets
//   view:{userId} hash: socket id -> the cid it shows in the foreground
// Each change is one Lua script, so two tabs closing on two servers at once see exactly
// one "last socket", and a reap and a disconnect never both report the same member.

import type { Redis } from 'ioredis';
import type { PresenceStore, SocketEntry } from './presence.store';
import { PRESENCE_TTL_MS } from './presence.store';

const CONNECT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local before = redis.call('ZCARD', KEYS[1])
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('PEXPIREAT', KEYS[1], ARGV[2])
redis.call('ZADD', KEYS[2], 'GT', ARGV[2], ARGV[4])
if before == 0 then return 1 end
return 0`;

const DISCONNECT = `
redis.call('HDEL', KEYS[3], ARGV[2])
if redis.call('ZREM', KEYS[1], ARGV[2]) == 0 then return 0 end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) > 0 then return 0 end
redis.call('DEL', KEYS[3])
return redis.call('ZREM', KEYS[2], ARGV[3])`;

const REFRESH = `
for i = 3, #ARGV, 2 do
  local uid = ARGV[i]
  local sid = ARGV[i + 1]
  local key = ARGV[1] .. 'u:' .. uid
  if redis.call('ZSCORE', key, sid) then
    redis.call('ZADD', key, ARGV[2], sid)
    redis.call('PEXPIREAT', key, ARGV[2])
    redis.call('PEXPIREAT', ARGV[1] .. 'view:' .. uid, ARGV[2])
    redis.call('ZADD', KEYS[1], 'GT', ARGV[2], uid)
  end
end
return 0`;

const REAP = `
local score = redis.call('ZSCORE', KEYS[2], ARGV[2])
if not score or tonumber(score) > tonumber(ARGV[1]) then return 0 end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local latest = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if latest[2] then
  redis.call('ZADD', KEYS[2], latest[2], ARGV[2])
  return 0
end
redis.call('DEL', KEYS[3])
return redis.call('ZREM', KEYS[2], ARGV[2])`;

const VIEW = `
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 0 end
if ARGV[2] == '' then redis.call('HDEL', KEYS[2], ARGV[1]) else
  redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
  redis.call('PEXPIREAT', KEYS[2], ARGV[3])
end
return 1`;

const IS_VIEWING = `
local views = redis.call('HGETALL', KEYS[2])
for i = 1, #views, 2 do
  if views[i + 1] == ARGV[2] then
    local expiry = redis.call('ZSCORE', KEYS[1], views[i])
    if expiry and tonumber(expiry) > tonumber(ARGV[1]) then return 1 end
  end
end
return 0`;

export class RedisPresenceStore implements PresenceStore {
  private readonly base: string;
  private readonly onlineKey: string;

  constructor(
    private readonly client: Redis,
    prefix: string,
  ) {
    this.base = `${prefix}:presence:`;
    this.onlineKey = `${this.base}online`;
  }

  private userKey = (userId: number) => `${this.base}u:${userId}`;
  private viewKey = (userId: number) => `${this.base}view:${userId}`;

  async connect({ userId, socketId }: SocketEntry, now: number) {
    const result = await this.client.eval(
      CONNECT,
      2,
      this.userKey(userId),
      this.onlineKey,
      String(now),
      String(now + PRESENCE_TTL_MS),
      socketId,
      String(userId),
    );
    return Number(result) === 1;
  }

  async disconnect({ userId, socketId }: SocketEntry, now: number) {
    const result = await this.client.eval(
      DISCONNECT,
      3,
      this.userKey(userId),
      this.onlineKey,
      this.viewKey(userId),
      String(now),
      socketId,
      String(userId),
    );
    return Number(result) === 1;
  }

  async refresh(entries: readonly SocketEntry[], now: number) {
    const expiry = String(now + PRESENCE_TTL_MS);
    // The script builds each member's keys from the prefix (one server, one Redis).
    for (let i = 0; i < entries.length; i += 500) {
      const batch = entries.slice(i, i + 500).flatMap((e) => [String(e.userId), e.socketId]);
      await this.client.eval(REFRESH, 1, this.onlineKey, this.base, expiry, ...batch);
    }
  }

  async online(userIds: readonly number[], now: number) {
    if (userIds.length === 0) return new Set<number>();
    const scores = await this.client.zmscore(this.onlineKey, ...userIds.map(String));
    return new Set(userIds.filter((_, i) => Number(scores[i] ?? 0) > now));
  }

  async setView({ userId, socketId }: SocketEntry, cid: string | null, now: number) {
    await this.client.eval(
      VIEW,
      2,
      this.userKey(userId),
      this.viewKey(userId),
      socketId,
      cid ?? '',
      String(now + PRESENCE_TTL_MS),
    );
  }

  async isViewing(userId: number, cid: string, now: number) {
    const result = await this.client.eval(
      IS_VIEWING,
      2,
      this.userKey(userId),
      this.viewKey(userId),
      String(now),
      cid,
    );
    return Number(result) === 1;
  }

  async reapExpired(now: number) {
    const due = await this.client.zrangebyscore(this.onlineKey, '-inf', now);
    const reaped: number[] = [];
    for (const id of due) {
      const userId = Number(id);
      const result = await this.client.eval(
        REAP,
        3,
        this.userKey(userId),
        this.onlineKey,
        this.viewKey(userId),
        String(now),
        id,
      );
      if (Number(result) === 1) reaped.push(userId);
    }
    return reaped;
  }

  /** The client is the server's shared one (plugins/redis.ts), closed with the app. */
  async close() {}
}
