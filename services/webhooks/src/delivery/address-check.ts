import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may never be delivered in production (issue 33, SSRF): this machine, the cluster's and
 * the office's networks, link-local (cloud metadata at 169.254.169.254), CGNAT, multicast, reserved and
 * documentation ranges, in IPv4 and IPv6. IPv6 forms that carry an IPv4 address (mapped, NAT64, 6to4) are
 * judged by that address.
 */
const forbidden = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 reaches this machine
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const)
  forbidden.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['::', 96], // IPv4-compatible (deprecated)
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  forbidden.addSubnet(network, prefix, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** The 128 bits of an IPv6 address as eight numbers (`::` expanded, a dotted IPv4 tail read). */
function ipv6Words(address: string): number[] {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = (dotted[1] ?? '').split('.').map(Number);
    text = `${text.slice(0, -(dotted[1] ?? '').length)}${(((a ?? 0) << 8) | (b ?? 0)).toString(16)}:${(((c ?? 0) << 8) | (d ?? 0)).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : new Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((word) => parseInt(word || '0', 16));
}

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::, 6to4 2002::), or null. */
export function embeddedIpv4(address: string): string | null {
  const w = ipv6Words(address);
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (from: number, to: number) => w.slice(from, to).every((word) => word === 0);
  if (zeros(0, 5) && w[5] === 0xffff) return v4(w[6] ?? 0, w[7] ?? 0);
  if (w[0] === 0x64 && w[1] === 0xff9b && zeros(2, 6)) return v4(w[6] ?? 0, w[7] ?? 0);
  if (w[0] === 0x2002) return v4(w[1] ?? 0, w[2] ?? 0);
  return null;
}

export type AddressPolicy = { allowLoopback: boolean };

/**
 * Whether a webhook may connect to this IP address. `allowLoopback` lets tests and a developer's
 * `npm start` reach a receiver on this machine (WEBHOOKS_ALLOW_LOOPBACK=on); production never sets it.
 * Anything that is not an IP address is refused.
 */
export function isDeliverableAddress(address: string, policy: AddressPolicy): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const inner = embeddedIpv4(address);
    if (inner !== null) return isDeliverableAddress(inner, policy);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (policy.allowLoopback && loopback.check(address, type)) return true;
  return !forbidden.check(address, type);
}

/** Hosts that name this machine whatever the resolver says. */
const LOOPBACK_NAMES = /^(localhost|.*\.localhost)$/i;

/**
 * Whether a URL may be registered as an endpoint: https (http only to this machine when loopback is
 * allowed), no user name or password in it, and a host that is a name or a deliverable address. The
 * address a name resolves to is checked again at every connection (safe-agent.ts).
 */
export function checkEndpointUrl(text: string, policy: AddressPolicy): { ok: true; url: URL } | { ok: false; reason: string } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'not a URL' };
  }
  if (url.username || url.password) return { ok: false, reason: 'no user name or password in the URL' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host) !== 0;
  const local =
    LOOPBACK_NAMES.test(host) ||
    (literal && policy.allowLoopback && isDeliverableAddress(host, policy) && !isDeliverableAddress(host, { allowLoopback: false }));
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowLoopback && local))
    return { ok: false, reason: 'the URL must start with https://' };
  if (literal && !isDeliverableAddress(host, policy)) return { ok: false, reason: 'a private or reserved address' };
  if (!literal && LOOPBACK_NAMES.test(host) && !policy.allowLoopback) return { ok: false, reason: 'a private or reserved address' };
  return { ok: true, url };
}
