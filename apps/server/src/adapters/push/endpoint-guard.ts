// Push endpoints come from the browser, so from anyone: without a guard, a subscription
// naming https://127.0.0.1/ or https://10.0.0.5/ turns every push into a request from
// inside our network (SSRF). Only public push services may be contacted: the host must be
// a DNS name (never an IP literal) whose addresses are all public unicast. The check runs
// when a subscription is saved and again as each push connects: the TLS socket's lookup
// goes through `lookup` below, so a name that re-resolves to a private address later
// (DNS rebinding) is refused at connection time, on the very address that would be used.
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** A host name's addresses. */
export type Resolve = (host: string) => Promise<string[]>;

export const systemResolve: Resolve = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

const notPublic = new BlockList();
const V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const V6: [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64: would reach an IPv4 address we cannot vet here
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];
for (const [net, prefix] of V4) notPublic.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of V6) notPublic.addSubnet(net, prefix, 'ipv6');

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:a.b.c.d), if it is one. */
function mappedIpv4(address: string): string | null {
  const normal = new URL(`http://[${address}]/`).hostname.slice(1, -1).toLowerCase();
  const match = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(normal);
  if (!match) return null;
  const high = Number.parseInt(match[1]!, 16);
  const low = Number.parseInt(match[2]!, 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** Public unicast: not loopback, private, link-local, CGNAT, unique-local, multicast, ... */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !notPublic.check(address, 'ipv4');
  if (family !== 6) return false;
  const mapped = mappedIpv4(address);
  if (mapped) return isPublicAddress(mapped);
  return !notPublic.check(address, 'ipv6');
}

export type EndpointProblem = 'not-https' | 'ip-literal' | 'not-public' | 'unresolvable';

export interface EndpointGuardOptions {
  resolve?: Resolve;
  /** Which addresses may be contacted; tests widen it for a stand-in service on loopback. */
  allowAddress?: (address: string) => boolean;
}

export class PushEndpointGuard {
  private readonly resolve: Resolve;
  private readonly allowAddress: (address: string) => boolean;

  constructor(options: EndpointGuardOptions = {}) {
    this.resolve = options.resolve ?? systemResolve;
    this.allowAddress = options.allowAddress ?? isPublicAddress;
  }

  /** Why the endpoint may not be contacted, or null when it may. */
  async problem(endpoint: string): Promise<EndpointProblem | null> {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return 'not-https';
    }
    if (url.protocol !== 'https:') return 'not-https';
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) return 'ip-literal';
    // 'localhost', 'intranet': single-label names are never a public push service.
    if (!host.includes('.')) return 'not-public';
    try {
      return (await this.vetted(host)).length ? null : 'not-public';
    } catch (error) {
      return error instanceof RefusedAddress ? 'not-public' : 'unresolvable';
    }
  }

  /** The host's addresses when every one of them may be contacted. */
  private async vetted(host: string): Promise<string[]> {
    const addresses = await this.resolve(host);
    if (addresses.length === 0 || !addresses.every(this.allowAddress)) {
      throw new RefusedAddress(host);
    }
    return addresses;
  }

  /** For https.Agent: resolves like dns.lookup, but only ever to vetted addresses. */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    this.vetted(hostname).then(
      (addresses) => {
        const entries = addresses.map((address) => ({ address, family: isIP(address) }));
        if (options.all) callback(null, entries);
        else callback(null, entries[0]!.address, entries[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

class RefusedAddress extends Error {
  readonly code = 'EPUSHADDRESS';
  constructor(host: string) {
    super(`push endpoint ${host} resolves to a non-public address`);
  }
}
