import { CompiledQuery } from "kysely";

/**
 * An insert of many rows as one array parameter per column, `INSERT INTO table (columns) SELECT * FROM
 * unnest(arrays) tail`: the statement's text is the same whatever the number of rows, made once here,
 * so it is prepared once (db/database.ts), and a batch of many rows costs no more parameters, nor more
 * query building, than one (issue 31). `types` names each column's PostgreSQL type, in the order the
 * columns are written; `tail` follows the insert as it is (`RETURNING …`, `ON CONFLICT …`).
 */
export function unnestInsert<Row extends Record<string, unknown>, Result = never>(
  table: string,
  types: { readonly [Column in keyof Row & string]: string },
  tail = "",
): (rows: readonly Row[]) => CompiledQuery<Result> {
  const columns = Object.keys(types) as (keyof Row & string)[];
  const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const arrays = columns.map((column, index) => `$${index + 1}::${types[column]}[]`);
  const text = `INSERT INTO ${quoted(table)} (${columns.map(quoted).join(", ")}) SELECT * FROM unnest(${arrays.join(", ")}) ${tail}`;
  const compiled = CompiledQuery.raw(text.trimEnd()) as CompiledQuery<Result>;
  return (rows) => ({ ...compiled, parameters: columns.map((column) => rows.map((row) => row[column])) });
}
