import { z } from "zod";
import type { MessageKey, MessageValues } from "../i18n/catalog.ts";

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
  /** The browser the user agent names ("Chrome"), when it names a known one: for a description in another language. */
  browser: z.string().nullable(),
  /** The system the user agent names ("Windows"), when it names a known one. */
  system: z.string().nullable(),
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

/** The browser and the system a user agent names, each null when it names none Ferry knows. */
export interface DeviceParts {
  readonly browser: string | null;
  readonly system: string | null;
}

/** Browsers are tested most specific first: Edge and Opera also say "Chrome", Chrome also says "Safari". */
export function devicePartsOf(userAgent: string | null | undefined): DeviceParts {
  return {
    browser: (userAgent && BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1]) || null,
    system: (userAgent && SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1]) || null,
  };
}

/** Reads a message in someone's language (a translator's `translate`, a reader's `t`). */
type Translate = (key: MessageKey, values?: MessageValues) => string;

/** English without the catalog: a message's key is its English text, its arguments filled in. */
const inEnglish: Translate = (key, values) => key.replace(/\{(\w+)\}/g, (_, name: string) => String(values?.[name]));

/**
 * A person's name for a device, in the reader's language: "Chrome on Windows", "Chrome unter Windows";
 * the browser or the system alone when only one is known; "Unknown device" when neither is. Browser and
 * system names are products' names, the same in every language. English when no `t` is given.
 */
export function describeDevice(device: DeviceParts, t: Translate = inEnglish): string {
  const { browser, system } = device;
  if (browser && system) {
    return t("{browser} on {system}", { browser, system });
  }
  return browser ?? system ?? t("Unknown device");
}
