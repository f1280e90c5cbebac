import { createHash } from "node:crypto";
import type { Database } from "../../db/database.ts";
import { notifyAlertRules } from "../alerts/service.ts";
import { createNotification } from "../notifications/service.ts";
import { countKnownDevices, insertKnownDevice } from "./queries.ts";

function describeDevice(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Chrome\//.test(userAgent)
      ? "Chrome"
      : /Firefox\//.test(userAgent)
        ? "Firefox"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "a browser";
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Mac OS X/.test(userAgent)
        ? "macOS"
        : /Windows/.test(userAgent)
          ? "Windows"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "an unknown system";
  return `${browser} on ${system}`;
}

/**
 * Remembers the device (browser and system) of a completed sign-in, and tells the user when a
 * sign-in comes from one they have not used before. The first device of an account is not news.
 */
export async function recordSignInDevice(db: Database, userId: string, userAgent: string, ip: string): Promise<void> {
  const deviceHash = createHash("sha256").update(userAgent).digest("hex");
  if (!(await insertKnownDevice(db, userId, deviceHash))) {
    return;
  }
  if ((await countKnownDevices(db, userId)) > 1) {
    await createNotification(db, {
      userId,
      title: "New sign-in",
      message: `Your account was signed in from a new device (${describeDevice(userAgent)}, ${ip}). If this wasn't you, reset your password now.`,
      type: "warning",
    });
    await notifyAlertRules(db, {
      kind: "security",
      userId,
      eventKey: `new-device:${deviceHash}`,
      event: "new_device",
      detail: `${describeDevice(userAgent)}, ${ip}`,
    });
  }
}
