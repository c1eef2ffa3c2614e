import { isIP } from 'node:net';
import { BoundedCache } from '../bounded-cache.js';

/** Addresses already read: every request of a client carries the same text (its X-Forwarded-For hop). */
const normalized = new BoundedCache<string, { ip: string | null }>(4096);

/**
 * The canonical form of an address as the guards compare it: IPv4-mapped IPv6 (`::ffff:1.2.3.4`) becomes
 * plain IPv4, IPv6 is lower case and compressed. Null when the text is not an IP address.
 */
export function normalizeIp(value: string): string | null {
  if (value.length > 64) return normalize(value);
  let known = normalized.get(value);
  if (!known) normalized.set(value, (known = { ip: normalize(value) }));
  return known.ip;
}

function normalize(value: string): string | null {
  let text = value.trim();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  const version = isIP(text);
  if (version === 4)
    return text
      .split('.')
      .map((part) => String(Number(part)))
      .join('.');
  if (version !== 6) return null;
  const mapped = /^(?:0{0,4}:){0,4}:?(?:0{0,4}:)?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(text);
  if (mapped && isIP(mapped[1]) === 4) return mapped[1];
  const groups = expandIpv6(text);
  // IPv4-mapped written in hex (::ffff:c000:203): the IPv4 address it is, as a client using it is seen.
  if (groups.slice(0, 5).every((group) => group === '0') && groups[5] === 'ffff') {
    const [high, low] = [Number.parseInt(groups[6], 16), Number.parseInt(groups[7], 16)];
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return compressIpv6(groups);
}

/**
 * Whether a (normalized) address can be a client's: not the unspecified address (0.0.0.0, ::), not a multicast
 * group (224.0.0.0/4, ff00::/8) and not the broadcast address (255.255.255.255).
 */
export function isClientAddress(ip: string): boolean {
  if (ip === '0.0.0.0' || ip === '::' || ip === '255.255.255.255') return false;
  if (isIP(ip) === 4) return Number(ip.split('.')[0]) < 224 || Number(ip.split('.')[0]) > 239;
  return !/^ff[0-9a-f]{0,2}:/i.test(ip);
}

function expandIpv6(text: string): string[] {
  let address = text.toLowerCase();
  const ipv4Tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (ipv4Tail) {
    const bytes = ipv4Tail[1].split('.').map(Number);
    address = address.replace(ipv4Tail[1], `${((bytes[0] << 8) | bytes[1]).toString(16)}:${((bytes[2] << 8) | bytes[3]).toString(16)}`);
  }
  const [head, tail] = address.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const missing = 8 - headParts.length - tailParts.length;
  const groups = address.includes('::') ? [...headParts, ...Array(missing).fill('0'), ...tailParts] : headParts;
  return groups.map((group) => Number.parseInt(group, 16).toString(16));
}

function compressIpv6(groups: string[]): string {
  let bestStart = -1;
  let bestLength = 0;
  for (let start = 0; start < groups.length;) {
    if (groups[start] !== '0') {
      start += 1;
      continue;
    }
    let end = start;
    while (end < groups.length && groups[end] === '0') end += 1;
    if (end - start > bestLength && end - start > 1) {
      bestStart = start;
      bestLength = end - start;
    }
    start = end;
  }
  if (bestStart < 0) return groups.join(':');
  return `${groups.slice(0, bestStart).join(':')}::${groups.slice(bestStart + bestLength).join(':')}`;
}

/**
 * Addresses with no public geolocation: private IPv4 ranges, loopback, link-local,
 * IPv6 loopback, unique-local (fc00::/7), link-local (fe80::/10) and the unspecified address.
 */
export function isPrivateIp(value: string): boolean {
  const ip = normalizeIp(value);
  if (!ip) return true;
  if (isIP(ip) === 4) {
    const [a, b] = ip.split('.').map(Number);
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  return ip === '::1' || ip === '::' || /^f[cd]/.test(ip) || /^fe[89ab]/.test(ip);
}
