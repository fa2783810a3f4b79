import { isIP } from 'node:net';

/**
 * The address a per-address limit counts under: an IPv4 address as it is, an IPv6 address as its
 * /64 network (`2001:db8:1:2::/64`). One IPv6 subscriber holds a whole /64, so counting single
 * addresses would let a client take a fresh address for every guess. An IPv4 address written as
 * IPv6 (`::ffff:192.0.2.1`) counts as the IPv4 address; anything else is kept as given.
 */
export function addressGroup(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, '');
  if (isIP(address) !== 6) return address;
  const groups = expandIpv6(address);
  if (!groups) return address;
  const isMappedIpv4 = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isMappedIpv4) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The key of a per-address limit named `prefix` (`login:ip:2001:db8:1:2::/64`). */
export function addressKey(prefix: string, ip: string): string {
  return `${prefix}:ip:${addressGroup(ip)}`;
}

/** The eight 16-bit groups of a valid IPv6 address (with `::` and a dotted IPv4 tail expanded). */
function expandIpv6(address: string): number[] | null {
  let text = address;
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = rest === undefined ? [] : parse(rest);
  const missing = 8 - left.length - right.length;
  if (rest === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<number>(rest === undefined ? 0 : missing).fill(0), ...right];
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}
