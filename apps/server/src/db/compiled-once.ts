import type { Compilable, CompiledQuery } from "kysely";
import type { Database } from "./database.ts";

/**
 * A query whose shape never changes, built and compiled by Kysely once; each later use only puts its
 * arguments in as the compiled query's parameters. Under load, compiling the session read on every
 * request was half of Kysely's share of the server's CPU (issue 31). `build` must use each argument
 * (a value or an array, for `any(…)`) as one parameter value as it is: they are found in the compiled
 * parameters by the text placeholders it was first built with.
 */
export function compiledOnce<Args extends unknown[], Row>(
  build: (db: Database, ...args: Args) => Compilable<Row>,
  arity: Args["length"],
): (db: Database, ...args: Args) => Promise<Row[]> {
  const placeholders = Array.from({ length: arity }, (_, index) => `\u0000ferry-placeholder-${index}`) as Args;
  let compiled: { query: CompiledQuery<Row>; argumentAt: (number | null)[] } | undefined;
  return async (db, ...args) => {
    if (!compiled) {
      const query = build(db, ...placeholders).compile();
      const argumentAt = query.parameters.map((value) => {
        const index = placeholders.indexOf(value);
        return index >= 0 ? index : null;
      });
      if (argumentAt.filter((index) => index !== null).length !== arity) {
        throw new Error("compiledOnce: each argument must be one parameter of the query");
      }
      compiled = { query, argumentAt };
    }
    const { query, argumentAt } = compiled;
    const parameters = query.parameters.map((value, position) => {
      const index = argumentAt[position];
      return index === null || index === undefined ? value : args[index];
    });
    const compiledWithArguments: CompiledQuery<Row> = { ...query, parameters };
    return (await db.executeQuery(compiledWithArguments)).rows;
  };
}
