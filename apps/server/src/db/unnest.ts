import { type RawBuilder, sql } from "kysely";

/**
 * Rows as one array parameter per column, for `INSERT INTO t (${columns}) SELECT * FROM unnest(${arrays})`:
 * the statement's text is the same whatever the number of rows, so it is prepared once (db/database.ts),
 * and a batch of many rows costs no more parameters, nor more query building, than one (issue 31).
 * `types` names each column's PostgreSQL type, in the order the columns are written.
 */
export function unnestOf<Row extends Record<string, unknown>>(
  rows: readonly Row[],
  types: { readonly [Column in keyof Row & string]: string },
): { columns: RawBuilder<unknown>; arrays: RawBuilder<unknown> } {
  const columns = Object.keys(types) as (keyof Row & string)[];
  return {
    columns: sql.join(columns.map((column) => sql.ref(column))),
    arrays: sql.join(columns.map((column) => sql`${rows.map((row) => row[column])}::${sql.raw(types[column])}[]`)),
  };
}
