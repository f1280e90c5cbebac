import { z } from "zod";

/*
 * Active sessions and the idle timeout (issue 27, decision 038). The server ends a session idle for
 * longer than its owner's Security setting; the web warns a minute before and signs out at the end.
 * The headers and the warning time are in ../session-headers.ts, which loads no zod.
 */

/** One signed-in session of the user's own, as the Security card lists it (never its token). */
export const SessionItem = z.object({
  id: z.string(),
  /** The browser and system, read from the user agent ("Chrome on Windows"), or "Unknown device". */
  device: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  /** When its owner last did something in it (written at most once a minute). */
  lastActiveAt: z.string(),
  /** The session of the request that asked: "This device". */
  isCurrent: z.boolean(),
});
export type SessionItem = z.infer<typeof SessionItem>;

/** `GET /api/v1/sessions`: the user's live sessions, the most recently active first. */
export const SessionList = z.object({ items: z.array(SessionItem) });
export type SessionList = z.infer<typeof SessionList>;

/**
 * `DELETE /api/v1/sessions/{sessionId}`. Better Auth's session ids are letters and digits; anything
 * else (a NUL byte, which PostgreSQL refuses in text) cannot name a session and is refused up front.
 */
export const SessionIdParams = z.object({
  sessionId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "Not a session id: 1 to 100 letters, digits, _ or -"),
});
export type SessionIdParams = z.infer<typeof SessionIdParams>;

/** `POST /api/v1/sessions/revoke-others`: how many other sessions were signed out. */
export const RevokedSessions = z.object({ revoked: z.number().int().nonnegative() });
export type RevokedSessions = z.infer<typeof RevokedSessions>;

const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/iPhone|iPad|iPod/, "iOS"],
  [/Android/, "Android"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

/**
 * A person's name for the device a session was signed in from, read from its user agent: "Chrome on
 * Windows", "Safari on iOS"; "Unknown device" when it names neither a known browser nor a system.
 * Browsers are tested most specific first: Edge and Opera also say "Chrome", Chrome also says "Safari".
 */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) {
    return "Unknown device";
  }
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) {
    return `${browser} on ${system}`;
  }
  return browser ?? system ?? "Unknown device";
}
