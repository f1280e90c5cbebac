import { AppError } from "../errors.ts";

/** Keyset pagination: the (created_at, id) of the last row seen, opaque to clients. */
export interface Cursor {
  readonly createdAt: string;
  readonly id: string;
}

/**
 * A row's created_at at PostgreSQL's full (microsecond) precision, for cursors: a JavaScript Date
 * keeps only milliseconds, which would skip rows created within the same millisecond.
 */
export const CURSOR_TIMESTAMP = `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`, "utf8").toString("base64url");
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Reads a cursor this server issued; anything else (a forged id, a bad time) is a 400, never a 500. */
export function decodeCursor(text: string | undefined, idPattern: RegExp = UUID_PATTERN): Cursor | undefined {
  if (!text) {
    return undefined;
  }
  const [createdAt, id] = Buffer.from(text, "base64url").toString("utf8").split("|");
  if (!createdAt || !id || !idPattern.test(id) || Number.isNaN(Date.parse(createdAt))) {
    throw new AppError("validation_failed", "Invalid cursor", { cursor: "Invalid cursor" });
  }
  return { createdAt, id };
}
