import net from "node:net";

/**
 * The part of a client's address that per-address limits count. An IPv4 address is one client; an
 * IPv6 address is grouped by its /64, because one subscriber is routinely handed a whole /64 and can
 * pick any of its 2^64 addresses for each request. IPv4-mapped IPv6 (`::ffff:1.2.3.4`) counts as the
 * IPv4 address it carries.
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) {
    return mapped[1];
  }
  if (net.isIPv6(ip)) {
    return `${expandIpv6(ip).slice(0, 4).join(":")}::/64`;
  }
  return ip;
}

/** The eight 16-bit groups of an IPv6 address, lower-case, without leading zeros. */
export function expandIpv6(ip: string): string[] {
  const withoutZone = ip.split("%")[0] ?? ip;
  const [head = "", tail] = withoutZone.split("::");
  const parse = (part: string) => (part === "" ? [] : part.split(":"));
  let headGroups = parse(head);
  let tailGroups = tail === undefined ? [] : parse(tail);
  // An embedded IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
  const last = tailGroups.length > 0 ? tailGroups : headGroups;
  const dotted = last.at(-1);
  if (dotted?.includes(".")) {
    const octets = dotted.split(".").map(Number);
    const groups = [
      (((octets[0] ?? 0) << 8) | (octets[1] ?? 0)).toString(16),
      (((octets[2] ?? 0) << 8) | (octets[3] ?? 0)).toString(16),
    ];
    if (tailGroups.length > 0) {
      tailGroups = [...tailGroups.slice(0, -1), ...groups];
    } else {
      headGroups = [...headGroups.slice(0, -1), ...groups];
    }
  }
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(missing).fill("0"), ...tailGroups];
  return groups.map((group) => Number.parseInt(group || "0", 16).toString(16));
}
