import { createHmac, timingSafeEqual } from "node:crypto";

/** Better Auth (better-call) signs cookies with HMAC-SHA256, base64 with padding: always 44 characters. */
const SIGNATURE_LENGTH = 44;

/** The attributes of a cookie Ferry sets itself, as Better Auth describes its own (`createAuthCookie`). */
export interface CookieAttributes {
  readonly maxAge?: number;
  readonly path?: string;
  readonly httpOnly?: boolean;
  readonly secure?: boolean;
  readonly sameSite?: "strict" | "lax" | "none" | "Strict" | "Lax" | "None";
  readonly domain?: string;
}

/**
 * The value of the cookie named exactly `name` in a `Cookie` header. The first one wins, as in
 * Better Auth's own parser, so Ferry and Better Auth always read the same challenge.
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (header === undefined) {
    return undefined;
  }
  // One scan of the header, slicing only the value found (every request reads two cookies, issue 31).
  for (let start = 0; start < header.length; ) {
    const semicolon = header.indexOf(";", start);
    const end = semicolon === -1 ? header.length : semicolon;
    const separator = header.indexOf("=", start);
    if (separator !== -1 && separator < end && isNamed(header, start, separator, name)) {
      return cookieValueOf(header.slice(separator + 1, end).trim());
    }
    start = end + 1;
  }
  return undefined;
}

/** Whether `header` from `start` to `end` is `name`, with only white space around it (as `trim` drops). */
function isNamed(header: string, start: number, end: number, name: string): boolean {
  let first = start;
  while (first < end && WHITE_SPACE.test(header.charAt(first))) {
    first += 1;
  }
  if (!header.startsWith(name, first) || first + name.length > end) {
    return false;
  }
  for (let index = first + name.length; index < end; index += 1) {
    if (!WHITE_SPACE.test(header.charAt(index))) {
      return false;
    }
  }
  return true;
}

/** The characters `String.prototype.trim` removes. */
const WHITE_SPACE = /\s/;

/** A cookie's value as sent: unquoted, and decoded when something in it is escaped. */
function cookieValueOf(sent: string): string {
  const value = sent.length >= 2 && sent.startsWith('"') && sent.endsWith('"') ? sent.slice(1, -1) : sent;
  if (!value.includes("%")) {
    // Nothing escaped (a session cookie's token never is): decoding would give it back unchanged.
    return value;
  }
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function signatureOf(value: string, secret: string): string {
  return createHmac("sha256", secret).update(value).digest("base64");
}

/**
 * Signed values already found right, by secret: the same cookie comes with every request of a session,
 * and its HMAC was about 5 % of the server's CPU per transfer (issue 31). A signature is a pure function
 * of value and secret, so a value once verified stays right; only right ones are kept, at most
 * VERIFIED_KEPT per secret, the oldest forgotten first.
 */
const verifiedBySecret = new Map<string, Map<string, string>>();
const VERIFIED_KEPT = 10_000;

function rememberVerified(secret: string, signed: string, value: string): void {
  let verified = verifiedBySecret.get(secret);
  if (!verified) {
    verified = new Map();
    verifiedBySecret.set(secret, verified);
  }
  if (verified.size >= VERIFIED_KEPT) {
    const oldest = verified.keys().next().value;
    if (oldest !== undefined) {
      verified.delete(oldest);
    }
  }
  verified.set(signed, value);
}

/** A value signed as Better Auth signs its cookies (`value.signature`), so Better Auth reads it as its own. */
export function signCookieValue(value: string, secret: string): string {
  return `${value}.${signatureOf(value, secret)}`;
}

/** The signed value of a Better Auth cookie (`value.signature`), or undefined when the signature is wrong. */
export function verifySignedValue(signed: string, secret: string): string | undefined {
  const known = verifiedBySecret.get(secret)?.get(signed);
  if (known !== undefined) {
    return known;
  }
  const separator = signed.lastIndexOf(".");
  if (separator < 1) {
    return undefined;
  }
  const value = signed.slice(0, separator);
  const signature = Buffer.from(signed.slice(separator + 1));
  const expected = Buffer.from(signatureOf(value, secret));
  if (signature.length !== SIGNATURE_LENGTH || !timingSafeEqual(signature, expected)) {
    return undefined;
  }
  rememberVerified(secret, signed, value);
  return value;
}

/** A `Set-Cookie` line; the value is URL-encoded, as Better Auth encodes its own. */
export function serializeSetCookie(name: string, value: string, attributes: CookieAttributes): string {
  const parts = [`${name}=${encodeURIComponent(value)}`];
  if (attributes.maxAge !== undefined) {
    parts.push(`Max-Age=${Math.floor(attributes.maxAge)}`);
  }
  if (attributes.domain) {
    parts.push(`Domain=${attributes.domain}`);
  }
  parts.push(`Path=${attributes.path ?? "/"}`);
  if (attributes.httpOnly) {
    parts.push("HttpOnly");
  }
  if (attributes.secure) {
    parts.push("Secure");
  }
  if (attributes.sameSite) {
    const sameSite = attributes.sameSite.toLowerCase();
    parts.push(`SameSite=${sameSite.charAt(0).toUpperCase()}${sameSite.slice(1)}`);
  }
  return parts.join("; ");
}

/** The (decoded) value a response's `Set-Cookie` gives the cookie named exactly `name`, if it sets one. */
export function readSetCookie(response: Response, name: string): string | undefined {
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(";", 1)[0] ?? "";
    const separator = pair.indexOf("=");
    if (separator > 0 && pair.slice(0, separator).trim() === name) {
      return readCookie(pair, name);
    }
  }
  return undefined;
}
