import net from "node:net";
import { expandIpv6 } from "./client-address.ts";

/*
 * Which clients a list of proxy ranges (TRUST_PROXY) would believe. @fastify/proxy-addr matches an IPv4
 * range against IPv4-mapped IPv6 clients and an IPv6 range against IPv4 clients (as ::ffff:a.b.c.d), so
 * every range is placed in the IPv6 space here, IPv4 ones inside ::ffff:0:0/96, before asking whether
 * together they leave any client out.
 */

const IPV6_BITS = 128n;
const MAPPED_IPV4_START = 0xffffn << 32n;
const MAPPED_IPV4_END = MAPPED_IPV4_START + (1n << 32n) - 1n;

/** The ranges behind the names proxy-addr understands. */
const NAMED_RANGES: Readonly<Record<string, readonly string[]>> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

interface Interval {
  readonly start: bigint;
  readonly end: bigint;
}

function ipv4ToBigInt(address: string): bigint {
  return address.split(".").reduce((value, octet) => (value << 8n) | BigInt(Number(octet)), 0n);
}

function ipv6ToBigInt(address: string): bigint {
  return expandIpv6(address).reduce((value, group) => (value << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

/** A range (`10.0.0.0/8`, `2001:db8::/32`, or one address) as an interval of the IPv6 space; null when it is not one. */
function intervalOf(range: string): Interval | null {
  const [address = "", prefixText, ...rest] = range.split("/");
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) {
    return null;
  }
  const width = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? width : Number(prefixText);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > width) {
    return null;
  }
  const value = version === 4 ? MAPPED_IPV4_START + ipv4ToBigInt(address) : ipv6ToBigInt(address);
  const hostBits = BigInt(width - prefix);
  const start = (value >> hostBits) << hostBits;
  return { start, end: start + (1n << hostBits) - 1n };
}

/** Whether `inner` lies wholly inside `outer`. */
function isInside(inner: Interval, outer: Interval): boolean {
  return inner.start >= outer.start && inner.end <= outer.end;
}

/** The private, loopback and link-local blocks: a proxy range inside them may be as wide as they are. */
const PRIVATE_INTERVALS: readonly Interval[] = Object.values(NAMED_RANGES)
  .flat()
  .map((range) => intervalOf(range) as Interval);

/** The widest public range a list of proxies may name: a /8 of IPv4, a /32 of IPv6 (an ISP's allocation). */
const MIN_PUBLIC_PREFIX = { ipv4: 8, ipv6: 32 } as const;

/**
 * The ranges wider than any network of proxies needs: a public block shorter than /8 (IPv4) or /32
 * (IPv6), such as `0.0.0.0/1` or `2000::/3`, which would believe the X-Forwarded-For of much of the
 * internet. Private, loopback and link-local blocks may be as wide as they are.
 */
export function tooWideRanges(ranges: readonly string[]): string[] {
  return ranges.filter((range) => {
    const interval = NAMED_RANGES[range] ? null : intervalOf(range);
    if (!interval || PRIVATE_INTERVALS.some((block) => isInside(interval, block))) {
      return false;
    }
    const isIpv4 = isInside(interval, { start: MAPPED_IPV4_START, end: MAPPED_IPV4_END });
    const addresses = interval.end - interval.start + 1n;
    const widest = isIpv4 ? 1n << BigInt(32 - MIN_PUBLIC_PREFIX.ipv4) : 1n << BigInt(128 - MIN_PUBLIC_PREFIX.ipv6);
    return addresses > widest;
  });
}

/** Whether the intervals together contain every number from `start` to `end`. */
function covers(intervals: readonly Interval[], start: bigint, end: bigint): boolean {
  let next = start;
  for (const interval of [...intervals].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0))) {
    if (interval.start > next) {
      break;
    }
    if (interval.end >= next) {
      next = interval.end + 1n;
    }
    if (next > end) {
      return true;
    }
  }
  return next > end;
}

/**
 * Which kind of client the ranges would believe whatever its address: "IPv4", "IPv6", or null when
 * some client of each kind is left out. Entries that are not ranges are left out here (the caller
 * refuses them on its own).
 */
export function coveredAddressFamily(ranges: readonly string[]): "IPv4" | "IPv6" | null {
  const intervals = ranges
    .flatMap((range) => NAMED_RANGES[range] ?? [range])
    .map(intervalOf)
    .filter((interval): interval is Interval => interval !== null);
  if (covers(intervals, MAPPED_IPV4_START, MAPPED_IPV4_END)) {
    return "IPv4";
  }
  if (covers(intervals, 0n, (1n << IPV6_BITS) - 1n)) {
    return "IPv6";
  }
  return null;
}
