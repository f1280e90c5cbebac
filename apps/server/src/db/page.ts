import type { Page } from "@ferry/core/contracts/pagination";
import { type RawBuilder, type SelectQueryBuilder, sql } from "kysely";
import { type Cursor, encodeCursor } from "./cursor.ts";

/*
 * Keyset pagination, the one way every list pages: rows ordered by (time, id), a cursor holding the
 * last row's pair at PostgreSQL's full precision, and one row read past the page to learn whether
 * another page exists. A list query goes through `keysetPage` (or, written in raw SQL, selects
 * `cursorTimeOf(...)`, filters with `isPastCursor(...)` and reads `rowsToRead(limit)` rows); its
 * service hands the rows to `paginate`, with `keysetCursorOf` for their cursor.
 */

/** Which way a list runs: newest first (most lists) or oldest first (work queues, so none waits forever). */
export type PageOrder = "newest-first" | "oldest-first";

/**
 * A row's timestamp at PostgreSQL's full (microsecond) precision, as cursor text. A JavaScript Date
 * keeps only milliseconds: a cursor built from one skips rows created within the same millisecond.
 */
export function cursorTimeOf(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * The rows after `cursor` in the list's order: `(time, id) < cursor` newest first, `>` oldest first.
 * The row comparison matches the list's `ORDER BY time, id` exactly, so no row is skipped or repeated.
 */
export function isPastCursor(
  cursor: Cursor,
  columns: { time: string; id: string },
  order: PageOrder = "newest-first",
): RawBuilder<boolean> {
  const comparison = order === "newest-first" ? sql.raw("<") : sql.raw(">");
  return sql<boolean>`(${sql.ref(columns.time)}, ${sql.ref(columns.id)}) ${comparison} (${cursor.createdAt}::timestamptz, ${cursor.id})`;
}

/** How many rows a page query reads: one more than the page, to know whether another page exists. */
export function rowsToRead(limit: number): number {
  return limit + 1;
}

/** Where a row a `keysetPage` query read stands in its list: its `cursor_at` and its id. */
export function keysetCursorOf(row: { readonly cursor_at: string; readonly id: string }): Cursor {
  return { createdAt: row.cursor_at, id: row.id };
}

/**
 * A page from the `rowsToRead(limit)` rows a list query read: the first `limit`, each made an item,
 * and the cursor of the last of them only when a further row exists (a page that is exactly full and
 * last says `null`).
 */
export function paginate<Row, Item>(
  rows: readonly Row[],
  limit: number,
  cursorOf: (row: Row) => Cursor,
  toItem: (row: Row) => Item,
): Page<Item> {
  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1);
  const hasMore = rows.length > limit;
  return { items: pageRows.map(toItem), nextCursor: hasMore && last ? encodeCursor(cursorOf(last)) : null };
}

/** Where a list query stands: its (time, id) columns, its order, the page size and the cursor to start after. */
export interface KeysetPage {
  readonly time: string;
  readonly id: string;
  readonly limit: number;
  readonly after?: Cursor;
  readonly order?: PageOrder;
}

/**
 * Makes a list query read one page: ordered by (time, id) in the list's order, after the cursor, with
 * `rowsToRead(limit)` rows, each with its `cursor_at` for `paginate`.
 */
export function keysetPage<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, page: KeysetPage) {
  const direction = page.order === "oldest-first" ? "asc" : "desc";
  let paged = query
    .select(cursorTimeOf(page.time).as("cursor_at"))
    .orderBy(sql.ref(page.time), direction)
    .orderBy(sql.ref(page.id), direction)
    .limit(rowsToRead(page.limit));
  if (page.after) {
    paged = paged.where(isPastCursor(page.after, { time: page.time, id: page.id }, page.order));
  }
  return paged;
}
