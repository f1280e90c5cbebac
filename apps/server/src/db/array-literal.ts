/**
 * The PostgreSQL array literal of `values`, exactly as node-postgres writes it (`{"a","b\\"c",NULL}`),
 * for an array of strings, numbers, bigints, booleans and nulls; undefined for any other, which
 * node-postgres then writes itself. Made here with one scan of each string for the two characters to
 * escape, where node-postgres runs two regular expressions over every element: a batch's arrays (one per
 * column of its rows, db/unnest.ts) were 4 % of the server's CPU under load (issue 31).
 */
export function arrayLiteralOf(values: readonly unknown[]): string | undefined {
  const elements = new Array<string>(values.length);
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index];
    if (value === null || value === undefined) {
      elements[index] = "NULL";
    } else if (typeof value === "string") {
      elements[index] =
        value.indexOf("\\") === -1 && value.indexOf('"') === -1
          ? `"${value}"`
          : `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
    } else if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") {
      elements[index] = `"${value}"`;
    } else {
      return undefined;
    }
  }
  return `{${elements.join(",")}}`;
}
