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

export function decodeCursor(text: string | undefined): Cursor | undefined {
  if (!text) {
    return undefined;
  }
  const [createdAt, id] = Buffer.from(text, "base64url").toString("utf8").split("|");
  if (!createdAt || !id || Number.isNaN(Date.parse(createdAt))) {
    throw new AppError("validation_failed", "Invalid cursor", { cursor: "Invalid cursor" });
  }
  return { createdAt, id };
}
