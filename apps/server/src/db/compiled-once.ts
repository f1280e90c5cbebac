import type { Compilable, CompiledQuery } from "kysely";
import type { Database } from "./database.ts";

/** A query builder or a `sql` template: compiled with the database it is for. */
interface CompilesWith<Row> {
  compile(db: Database): CompiledQuery<Row>;
}

/**
 * A statement whose shape never changes, built and compiled by Kysely once; each later use only puts
 * its arguments in as the compiled statement's parameters, and keeps the same text (so its prepared
 * statement's name is found at once, db/database.ts). Under load, compiling the session read on every
 * request was half of Kysely's share of the server's CPU, and compiling a batch's statements every
 * batch a tenth of all of it (issue 31). `build` must use each argument (a value or an array, for
 * `any(…)` and `unnest(…)`) as a parameter value as it is, once or more: they are found in the compiled
 * parameters by the text placeholders it was first built with.
 */
export function statementOnce<Args extends unknown[], Row>(
  build: (db: Database, ...args: Args) => CompilesWith<Row>,
  arity: Args["length"],
): (db: Database, ...args: Args) => CompiledQuery<Row> {
  const placeholders = Array.from({ length: arity }, (_, index) => `\u0000ferry-placeholder-${index}`) as Args;
  let compiled: { query: CompiledQuery<Row>; argumentAt: (number | null)[] } | undefined;
  return (db, ...args) => {
    if (!compiled) {
      const query = build(db, ...placeholders).compile(db);
      const argumentAt = query.parameters.map((value) => {
        const index = placeholders.indexOf(value);
        return index >= 0 ? index : null;
      });
      if (new Set(argumentAt.filter((index) => index !== null)).size !== arity) {
        throw new Error("statementOnce: each argument must be one parameter of the query");
      }
      compiled = { query, argumentAt };
    }
    const { query, argumentAt } = compiled;
    const parameters = query.parameters.map((value, position) => {
      const index = argumentAt[position];
      return index === null || index === undefined ? value : args[index];
    });
    return { ...query, parameters };
  };
}

/** `statementOnce` for a query builder, run: its rows. */
export function compiledOnce<Args extends unknown[], Row>(
  build: (db: Database, ...args: Args) => Compilable<Row>,
  arity: Args["length"],
): (db: Database, ...args: Args) => Promise<Row[]> {
  const statement = statementOnce(build, arity);
  return async (db, ...args) => (await db.executeQuery(statement(db, ...args))).rows;
}
