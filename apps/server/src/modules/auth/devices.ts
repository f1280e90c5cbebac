import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { type DeviceParts, describeDevice, devicePartsOf } from "@ferry/core/contracts/sessions";
import { LOCALE_OF } from "@ferry/core/i18n/languages";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { selectUserEmail } from "../../db/users.ts";
import { notifyAlertRules } from "../alerts/service.ts";
import { enqueueMail, newDeviceSignInMail } from "../mail/service.ts";
import { createNotification } from "../notifications/service.ts";
import { getSettings } from "../settings/service.ts";
import { readCookie, serializeSetCookie } from "./cookies.ts";
import {
  countKnownDevices,
  incrementDeviceCookieGeneration,
  insertKnownDevice,
  selectDeviceCookieGeneration,
} from "./queries.ts";

/** The device cookie's name; `__Secure-` in production, as Better Auth names its own there. */
const DEVICE_COOKIE = "ferry.device";
/** A year: browsers keep a cookie at most 400 days, and each completed sign-in issues a fresh one. */
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** Sent only to Better Auth's endpoints (the password step among them), not with every API call. */
const DEVICE_COOKIE_PATH = "/api/auth";
/** Keeps a device cookie's signature from ever being a valid signature of anything else signed with the secret. */
const DEVICE_SIGNATURE_CONTEXT = "ferry-device-cookie";
/** How far in the future an issue time may be (clocks of several servers). */
const CLOCK_SKEW_SECONDS = 5 * 60;

/** A device that completed a sign-in to the account (OWASP's "device cookie"). */
export interface KnownDevice {
  readonly userId: string;
  /**
   * The generation of the user's device cookies it was issued in: a completed password reset or
   * change starts the next one, and a cookie of an older generation counts for nothing.
   */
  readonly generation: number;
  /** Random per issued cookie, so each cookie has its own failure count. */
  readonly nonce: string;
}

export function deviceCookieName(config: Pick<Config, "isProduction">): string {
  return config.isProduction ? `__Secure-${DEVICE_COOKIE}` : DEVICE_COOKIE;
}

function deviceSignatureOf(payload: string, secret: string): string {
  return createHmac("sha256", secret).update(`${DEVICE_SIGNATURE_CONTEXT}|${payload}`).digest("base64url");
}

/**
 * The `Set-Cookie` line of a new device cookie for `userId` in the user's current `generation`
 * (`deviceCookieGenerationOf`), issued after a completed sign-in (password and e-mailed code):
 * `userId.generation.nonce.issuedAt.signature`, HMAC-SHA256 with the auth secret.
 */
export function issueDeviceCookie(
  config: Pick<Config, "isProduction" | "authSecret">,
  userId: string,
  generation: number,
): string {
  const nonce = randomBytes(16).toString("base64url");
  const issuedAtSeconds = Math.floor(Date.now() / 1000);
  const payload = `${userId}.${generation}.${nonce}.${issuedAtSeconds}`;
  return serializeSetCookie(deviceCookieName(config), `${payload}.${deviceSignatureOf(payload, config.authSecret)}`, {
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: "lax",
    secure: config.isProduction,
  });
}

/**
 * The device a request's device cookie names, when its signature is right and it has not expired.
 * Whether its generation is still the user's is for the caller to ask (`deviceCookieGenerationOf`).
 * A cookie of the earlier form, without a generation, is none: it may predate a reset.
 */
export function readDeviceCookie(
  config: Pick<Config, "isProduction" | "authSecret">,
  cookieHeader: string | undefined,
): KnownDevice | undefined {
  const value = readCookie(cookieHeader, deviceCookieName(config));
  const parts = value?.split(".") ?? [];
  if (parts.length !== 5) {
    return undefined;
  }
  const [userId = "", generation = "", nonce = "", issuedAt = "", signature = ""] = parts;
  const expected = Buffer.from(deviceSignatureOf(`${userId}.${generation}.${nonce}.${issuedAt}`, config.authSecret));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return undefined;
  }
  const ageSeconds = Math.floor(Date.now() / 1000) - Number(issuedAt);
  if (!/^\d+$/.test(issuedAt) || ageSeconds > DEVICE_COOKIE_MAX_AGE_SECONDS || ageSeconds < -CLOCK_SKEW_SECONDS) {
    return undefined;
  }
  if (!/^\d+$/.test(generation)) {
    return undefined;
  }
  return { userId, generation: Number(generation), nonce };
}

/** The user's current generation of device cookies: only a cookie issued in it counts. */
export async function deviceCookieGenerationOf(db: Database, userId: string): Promise<number> {
  return selectDeviceCookieGeneration(db, userId);
}

/**
 * Makes every device cookie issued to the user so far count for nothing (a completed password reset
 * or change); returns the new generation, for a cookie issued to the device that made the change.
 */
export async function revokeDeviceCookies(db: Database, userId: string): Promise<number> {
  return incrementDeviceCookieGeneration(db, userId);
}

/**
 * Now, as the owner reads time: in the language and time zone of their App Preferences (UTC by
 * default), with the zone named. English keeps its day-month order ("26 Nov 2026, 21:43 UTC").
 */
async function signInTimeFor(db: Database, userId: string): Promise<string> {
  const { language, timeZone } = (await getSettings(db, userId)).preferences;
  // dateStyle and timeZoneName cannot be combined: the fields are named one by one.
  const format = new Intl.DateTimeFormat(language === "en" ? "en-GB" : LOCALE_OF[language], {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  });
  return format.format(new Date());
}

/** The owner's security e-mail about a sign-in from a new device (issue 27): sent whatever e-mail settings say. */
async function mailNewDevice(db: Database, userId: string, device: { parts: DeviceParts; ip: string }): Promise<void> {
  const email = await selectUserEmail(db, userId);
  if (!email) {
    return;
  }
  const time = await signInTimeFor(db, userId);
  await enqueueMail(db, newDeviceSignInMail(email, { time, address: device.ip, device: device.parts }));
}

/**
 * Remembers the device (browser and system) of a completed sign-in, and tells the user when a
 * sign-in comes from one they have not used before: in the bell, by e-mail, and by their alert
 * rules. The first device of an account is not news.
 */
export async function recordSignInDevice(db: Database, userId: string, userAgent: string, ip: string): Promise<void> {
  const deviceHash = createHash("sha256").update(userAgent).digest("hex");
  if (!(await insertKnownDevice(db, userId, deviceHash))) {
    return;
  }
  if ((await countKnownDevices(db, userId)) > 1) {
    const device = devicePartsOf(userAgent);
    await mailNewDevice(db, userId, { parts: device, ip });
    await createNotification(db, {
      userId,
      type: "warning",
      write: (reader) => ({
        title: reader.t("New sign-in"),
        message: reader.t(
          "Your account was signed in from a new device ({device}, {ip}). If this wasn't you, reset your password now.",
          { device: describeDevice(device, reader.t), ip },
        ),
      }),
    });
    await notifyAlertRules(db, {
      kind: "security",
      userId,
      eventKey: `new-device:${deviceHash}`,
      event: "new_device",
      newDevice: { device, ip },
    });
  }
}
