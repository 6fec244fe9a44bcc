// TRUST_PROXY: which X-Forwarded-For entries are believed when working out request.ip, the
// key of every per-IP limit (the API's rate limit, the sign-in routes', the code requests
// per IP). Only what our own balancers append can be believed: a client may send any
// X-Forwarded-For it likes, and the balancer appends the real address after it.
//   false          no proxy in front: the socket's address
//   a hop count    that many proxies in front: the address the outermost one saw (only
//                  where nothing but the balancer can reach the servers: a client that
//                  connects directly is believed as if it were the balancer)
//   a list         proxies' addresses or CIDRs (and proxy-addr's loopback, linklocal,
//                  uniquelocal): the nearest address that is not one of them
// `true` (believe the leftmost entry, whoever wrote it) is refused: it let a client pick a
// new address per request and escape every per-IP limit.
import { isIP } from 'node:net';
import { z } from 'zod';

export type TrustProxy = false | number | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

function isTrustedEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

export const trustProxySetting = z.string().transform((raw, ctx): TrustProxy => {
  const value = raw.trim().toLowerCase();
  if (['false', 'no', 'off', '0'].includes(value)) return false;
  if (['true', 'yes', 'on'].includes(value)) {
    ctx.addIssue({
      code: 'custom',
      message:
        'true would believe any X-Forwarded-For (a client could pick its own address and escape every per-IP limit): set the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.0/8)',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= MAX_HOPS) return hops;
    ctx.addIssue({
      code: 'custom',
      message: `at most ${MAX_HOPS} proxies: set the number in front`,
    });
    return z.NEVER;
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.find((entry) => !isTrustedEntry(entry));
  if (bad !== undefined || entries.length === 0) {
    ctx.addIssue({
      code: 'custom',
      message: `${bad ?? raw} is neither false, a number of proxies nor an address or CIDR: e.g. TRUST_PROXY=1 or TRUST_PROXY=10.0.0.0/8,127.0.0.1`,
    });
    return z.NEVER;
  }
  return entries;
});

/**
 * Fastify's trustProxy for the setting. Fastify takes a bare number as "trust nothing"
 * (it cannot check the immediate peer), so a hop count is given as proxy-addr's trust
 * function: the socket's address is hop 0, and the first `hops` of them are proxies.
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}
