import { lookup } from "node:dns/promises";
import net from "node:net";

/*
 * The SSRF guard of webhook deliveries (issue 28; decision 042), run when an endpoint is saved and
 * again before every attempt (a name may resolve elsewhere tomorrow). In production only https, and
 * every address the host resolves to must be public unicast; the request is then made to the checked
 * address itself (delivery.ts pins it), so a second lookup cannot swap it. Outside production, http is
 * allowed to loopback only, so tests and a developer's own receiver work; production never allows it.
 */

/** How a host's name is turned into addresses: dns.lookup with every address, or a test's own. */
export type ResolveHost = (host: string) => Promise<readonly { address: string; family: number }[]>;

export const resolveWithSystem: ResolveHost = (host) => lookup(host, { all: true, verbatim: true });

/** IPv4 blocks that are not public unicast: this network, private, CGNAT, loopback, link-local (the cloud metadata service), IETF, documentation, benchmarking, multicast, reserved, broadcast. */
const NON_PUBLIC_IPV4 = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const;

/** IPv6 blocks inside global unicast (2000::/3) that are still not public: IETF assignments (Teredo among them), documentation, 6to4 is judged by its IPv4. */
const NON_PUBLIC_IPV6 = [
  ["2001::", 23],
  ["2001:db8::", 32],
  ["3fff::", 20],
] as const;

const nonPublic = new net.BlockList();
for (const [network, prefix] of NON_PUBLIC_IPV4) {
  nonPublic.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of NON_PUBLIC_IPV6) {
  nonPublic.addSubnet(network, prefix, "ipv6");
}
const globalUnicast = new net.BlockList();
globalUnicast.addSubnet("2000::", 3, "ipv6");

/** The 8 groups of an IPv6 address as numbers (`::` expanded, a trailing dotted IPv4 as two groups). */
function groupsOf(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split(".").map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array(8 - headGroups.length - tailGroups.length).fill("0");
  return [...headGroups, ...zeros, ...tailGroups].map((group) => Number.parseInt(group, 16));
}

/** The IPv4 address carried in two IPv6 groups. */
function ipv4Of(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
}

/**
 * The IPv4 address an IPv6 address stands for, which is judged instead of it: IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::/96) and 6to4 (2002::/16).
 */
function embeddedIpv4Of(groups: readonly number[]): string | null {
  const isZeroUpTo = (count: number) => groups.slice(0, count).every((group) => group === 0);
  if (isZeroUpTo(5) && (groups[5] === 0xffff || groups[5] === 0)) {
    return ipv4Of(groups[6], groups[7]);
  }
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0)) {
    return ipv4Of(groups[6], groups[7]);
  }
  if (groups[0] === 0x2002) {
    return ipv4Of(groups[1], groups[2]);
  }
  return null;
}

/** Whether an address is public unicast: one a webhook may be delivered to in production. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) {
    return !nonPublic.check(address, "ipv4");
  }
  if (family !== 6) {
    return false;
  }
  const embedded = embeddedIpv4Of(groupsOf(address));
  if (embedded !== null) {
    return isPublicAddress(embedded);
  }
  return globalUnicast.check(address, "ipv6") && !nonPublic.check(address, "ipv6");
}

/** Whether an address is loopback (127.0.0.0/8, ::1, or an IPv4-mapped loopback). */
export function isLoopbackAddress(address: string): boolean {
  if (net.isIPv4(address)) {
    return address.split(".")[0] === "127";
  }
  if (!net.isIPv6(address)) {
    return false;
  }
  const groups = groupsOf(address);
  const embedded = embeddedIpv4Of(groups);
  if (embedded !== null && groups[5] === 0xffff) {
    return isLoopbackAddress(embedded);
  }
  return groups.slice(0, 7).every((group) => group === 0) && groups[7] === 1;
}

/** A URL's host as a bare name or address ([::1] without its brackets). */
function hostOf(url: URL): string {
  return url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
}

/** Where a delivery may go: the URL and the one checked address to connect to. */
export interface CheckedTarget {
  readonly url: URL;
  readonly address: string;
  readonly family: 4 | 6;
}

/**
 * What the caller saving an endpoint is told of any refusal that depends on what its host resolves to
 * (issue 28): one message whether the name could not be resolved or resolved to a non-public address,
 * so saving an endpoint cannot be used to learn which internal names exist.
 */
export const REFUSED_WEBHOOK_ADDRESS_MESSAGE =
  "This address can't receive webhooks: it must be an https:// address on the public internet";

/** How long the host's name may take to resolve: well inside an attempt's lease (attempts.ts). */
export const RESOLVE_TIMEOUT_MS = 5_000;

/**
 * Why an address was refused. `message` is the detail, for the server's log and the delivery log;
 * `publicMessage` is what the endpoint's form is told, the same for every resolution outcome.
 */
export class RefusedWebhookAddress extends Error {
  readonly publicMessage: string;

  constructor(detail: string, publicMessage: string = REFUSED_WEBHOOK_ADDRESS_MESSAGE) {
    super(detail);
    this.name = "RefusedWebhookAddress";
    this.publicMessage = publicMessage;
  }
}

/**
 * Checks a webhook URL as it stands now and returns the address to connect to. https only in
 * production; http only to loopback outside it. Every address the host resolves to must be allowed,
 * not just the first: a name that answers with a public and a private address is refused.
 */
export async function checkWebhookTarget(
  urlText: string,
  options: { readonly isProduction: boolean; readonly resolve?: ResolveHost; readonly resolveTimeoutMs?: number },
): Promise<CheckedTarget> {
  const url = new URL(urlText);
  const isHttp = url.protocol === "http:";
  if (url.protocol !== "https:" && !(isHttp && !options.isProduction)) {
    const message = "The endpoint's address must start with https://";
    throw new RefusedWebhookAddress(message, message);
  }
  if (url.username || url.password) {
    const message = "The endpoint's address must not carry a user name or password";
    throw new RefusedWebhookAddress(message, message);
  }
  const host = hostOf(url);
  const found = net.isIP(host) ? [{ address: host, family: net.isIP(host) }] : await resolveAll(host, options);
  // Loopback is a developer's own receiver: allowed for http outside production, never in it.
  const isAllowed = isHttp ? isLoopbackAddress : isPublicAddress;
  if (found.length === 0 || !found.every((entry) => isAllowed(entry.address))) {
    throw new RefusedWebhookAddress(
      isHttp
        ? "Outside production, http:// is allowed only to this machine (loopback)"
        : "The endpoint's host must resolve only to public internet addresses",
    );
  }
  const [first] = found;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/**
 * Every address of `host`, within RESOLVE_TIMEOUT_MS: a lookup that hangs is refused rather than
 * outliving the attempt's lease (the system's lookup cannot be cancelled; its late answer is dropped).
 */
async function resolveAll(
  host: string,
  options: { readonly resolve?: ResolveHost; readonly resolveTimeoutMs?: number },
) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new RefusedWebhookAddress("The endpoint's host could not be resolved in time")),
      options.resolveTimeoutMs ?? RESOLVE_TIMEOUT_MS,
    );
  });
  const lookup = (options.resolve ?? resolveWithSystem)(host).catch(() => {
    throw new RefusedWebhookAddress("The endpoint's host could not be resolved");
  });
  try {
    return await Promise.race([lookup, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
