import { isIPv4, isIPv6 } from 'node:net';

/**
 * The client a request's address stands for, as rate limits count it: an IPv4 address, or the /64
 * an IPv6 address is in. A subscriber's network is a /64 (often more) and any address inside it is
 * theirs to use, so counting single IPv6 addresses would hand every caller 2⁶⁴ fresh buckets.
 */
export function clientOf(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip)) return ip;
  const address = ip.split('%')[0]!; // a zone (fe80::1%eth0) names the interface, not the client
  if (!isIPv6(address)) return ip;
  return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, as lower-case hex without leading zeros. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const groupsOf = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [group];
          const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
          return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
        });
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const zeros = Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16).toString(16));
}
