import type { LookupAddress, LookupOptions } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * A push endpoint is a URL the browser hands us and the server then connects to, again and again: without a guard it
 * is a way to make the server knock on its own network (blind SSRF; ADR 058). Push services live on the public
 * internet, so only public addresses are allowed, checked when a subscription is saved and again on every connection
 * (the socket connects to the very address that was checked, so a DNS answer that changes in between cannot slip
 * through).
 */
// One list per family: a single BlockList also matches IPv4 addresses against its IPv6 rules (::ffff:0:0/96 would
// refuse every IPv4 address).
const NOT_PUBLIC_V4 = new BlockList();
const NOT_PUBLIC_V6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  NOT_PUBLIC_V4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::ffff:0:0', 96], // IPv4-mapped: whatever IPv4 address it hides
  ['64:ff9b::', 96], // NAT64, likewise
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['fc00::', 7], // unique-local (fd00:ec2::254, a cloud metadata address, among them)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC_V6.addSubnet(network, prefix, 'ipv6');
}

/** True for an address on the public internet; false for loopback, private, link-local, metadata and the like. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4 ? !NOT_PUBLIC_V4.check(address, 'ipv4') : !NOT_PUBLIC_V6.check(address, 'ipv6');
}

/** Where the server may connect for Web Push. Tests pass one that also allows their local push service. */
export type PushNetwork = {
  isAllowedAddress(address: string): boolean;
  /** Every address the host name resolves to. */
  resolve(host: string): Promise<string[]>;
};

export const PUBLIC_INTERNET: PushNetwork = {
  isAllowedAddress: isPublicAddress,
  resolve: async (host) =>
    (await dnsLookup(host, { all: true, verbatim: true })).map((entry) => entry.address),
};

export type PushEndpointProblem = 'not_https' | 'credentials' | 'not_public' | 'unresolvable';

/** URL's hostname keeps an IPv6 literal's brackets. */
const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Why the server must not connect to this endpoint, or null when it may: https only, no user name or password in the
 * URL, and a host whose every address is allowed (one private address among public ones is enough to refuse).
 */
export async function pushEndpointProblem(
  endpoint: string,
  network: PushNetwork,
): Promise<PushEndpointProblem | null> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not_https';
  }
  if (url.protocol !== 'https:') return 'not_https';
  if (url.username || url.password) return 'credentials';
  const host = bare(url.hostname);
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await network.resolve(host);
    } catch {
      return 'unresolvable';
    }
  }
  if (addresses.length === 0) return 'unresolvable';
  return addresses.every((address) => network.isAllowedAddress(address)) ? null : 'not_public';
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for the sockets that carry pushes: resolves through `network` and hands the socket only allowed
 * addresses, so the connection goes to an address that was checked a moment ago (no DNS rebinding in between).
 */
export function guardedLookup(network: PushNetwork) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    network.resolve(hostname).then(
      (addresses) => {
        const allowed = addresses
          .filter((address) => network.isAllowedAddress(address))
          .map((address) => ({ address, family: isIP(address) }));
        if (allowed.length === 0 || allowed.length !== addresses.length) {
          const error: NodeJS.ErrnoException = new Error(
            `push host ${hostname} is not on the public internet`,
          );
          error.code = 'ENOTPUBLIC';
          callback(error, '');
          return;
        }
        if (options.all) callback(null, allowed);
        else callback(null, allowed[0]!.address, allowed[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}
