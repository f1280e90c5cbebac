import { MESSAGES } from "@ferry/core/messages";
import { AppError } from "../errors.ts";

/**
 * Keyset pagination: the (created_at, id) of the last row seen, opaque to clients. `createdAt` is the
 * row's time at PostgreSQL's full precision (`cursorTimeOf` in page.ts), never a JavaScript Date's.
 */
export interface Cursor {
  readonly createdAt: string;
  readonly id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`, "utf8").toString("base64url");
}

/** The id shape of most tables: a lower-case UUID, as PostgreSQL prints one. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The timestamps cursors carry: UTC, years 0001 to 9999, up to microseconds — what
 * `cursorTimeOf` and `Date.toISOString()` print. JavaScript reads far more (year 300000, "March 7",
 * February 31 rolled over into March), much of which PostgreSQL refuses or reads otherwise.
 */
const CURSOR_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?Z$/;

/** Whether `text` names a real instant in the form above (no 24:00, no 31st of a 30-day month, no year 0). */
function isCursorTime(text: string): boolean {
  const match = CURSOR_TIME_PATTERN.exec(text);
  if (!match || match[1] === "0000") {
    return false;
  }
  const parsed = new Date(`${text.slice(0, 19)}Z`);
  // A date that JavaScript rolled over (2026-02-31 → 2026-03-03) prints differently from what was sent.
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 19) === text.slice(0, 19);
}

/**
 * Reads a cursor this server issued. Anything else — junk, a forged id, a time PostgreSQL cannot
 * hold — is a 400 `validation_failed`, never a query error.
 */
export function decodeCursor(text: string | undefined, idPattern: RegExp = UUID_PATTERN): Cursor | undefined {
  if (!text) {
    return undefined;
  }
  const parts = Buffer.from(text, "base64url").toString("utf8").split("|");
  const [createdAt, id] = parts;
  if (parts.length !== 2 || !isCursorTime(createdAt) || !idPattern.test(id)) {
    throw new AppError("validation_failed", MESSAGES.invalidCursor, { cursor: MESSAGES.invalidCursor });
  }
  return { createdAt, id };
}
