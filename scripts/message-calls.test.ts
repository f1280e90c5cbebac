/*
 * Issue 29: every `t("…", { … })` call of the web app and the server (`t`, `reader.t`) passes exactly the
 * arguments its message takes (a renamed one would reach a page or an e-mail as "{amount}"), and names a
 * key the message files hold. Read with a real parser (oxc).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { compileCatalog } from "@ferry/core/i18n/catalog";
import { parseSync } from "oxc-parser";
import { describe, expect, it } from "vitest";
import english from "../packages/core/src/i18n/messages/en.json" with { type: "json" };

const root = path.join(import.meta.dirname, "..");
const SOURCES = ["apps/web/src", "apps/server/src"].map((directory) => path.join(root, directory));

function sourcesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const file = path.join(directory, entry);
    if (statSync(file).isDirectory()) {
      return sourcesUnder(file);
    }
    return /\.tsx?$/.test(entry) && !entry.endsWith(".d.ts") ? [file] : [];
  });
}

type Tokens = readonly (string | readonly [string, string?, unknown?])[];

/** The argument names a message takes, inside plurals and selects too. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: Tokens) => {
    for (const token of tokens) {
      if (typeof token === "string") {
        continue;
      }
      names.add(token[0]);
      if (token[2] && typeof token[2] === "object") {
        for (const [key, choice] of Object.entries(token[2] as Record<string, unknown>)) {
          if (key !== "offset") {
            walk(choice as Tokens);
          }
        }
      }
    }
  };
  // Compiled as core compiles a language's file: a plain text stays a string, a message becomes tokens.
  const compiled = compileCatalog({ message }, "de").message;
  walk(typeof compiled === "string" ? [] : (compiled as Tokens));
  return [...names].sort();
}

interface Node {
  readonly type: string;
  readonly start: number;
  readonly [field: string]: unknown;
}

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string";
}

function* nodesOf(root: unknown): Generator<Node> {
  for (const value of Array.isArray(root) ? root : [root]) {
    if (!isNode(value)) {
      continue;
    }
    yield value;
    for (const [field, child] of Object.entries(value)) {
      if (field !== "type" && typeof child === "object" && child !== null) {
        yield* nodesOf(child);
      }
    }
  }
}

/** The names an object literal passes; undefined for anything else (a variable). */
function namesPassed(values: Node | undefined): string[] | undefined {
  if (values === undefined) {
    return [];
  }
  if (values.type !== "ObjectExpression") {
    return undefined;
  }
  return (values.properties as Node[]).flatMap((property) => {
    const key = property.key as Node | undefined;
    return key?.type === "Identifier" ? [key.name as string] : key?.type === "Literal" ? [String(key.value)] : [];
  });
}

function isTranslateCallee(callee: Node | undefined): boolean {
  if (callee?.type === "Identifier") {
    return callee.name === "t";
  }
  const property = callee?.type === "MemberExpression" ? (callee.property as Node) : undefined;
  return property?.type === "Identifier" && property.name === "t";
}

function callsIn(file: string): { key: string; passed: string[] | undefined; where: string }[] {
  const code = readFileSync(file, "utf8");
  const { program } = parseSync(file, code);
  return [...nodesOf(program)].flatMap((node) => {
    const [first, second] = (node.arguments ?? []) as Node[];
    if (
      node.type !== "CallExpression" ||
      !isTranslateCallee(node.callee as Node | undefined) ||
      first?.type !== "Literal" ||
      typeof first.value !== "string"
    ) {
      return [];
    }
    const line = code.slice(0, node.start).split("\n").length;
    return [{ key: first.value, passed: namesPassed(second), where: `${path.relative(root, file)}:${line}` }];
  });
}

describe("t() calls of the web and the server", () => {
  it("pass each message exactly the arguments it takes", () => {
    const catalog: Readonly<Record<string, string>> = english;
    const calls = SOURCES.flatMap(sourcesUnder).flatMap(callsIn);
    const problems = calls.flatMap(({ key, passed, where }) => {
      if (!(key in catalog)) {
        return [`${where}: "${key}" is not in the message files`];
      }
      const expected = argumentsOf(key);
      if (passed === undefined || [...passed].sort().join() === expected.join()) {
        return [];
      }
      return [`${where}: "${key}" takes ${expected.join(", ") || "nothing"}, given ${passed.join(", ") || "nothing"}`];
    });
    expect(problems).toEqual([]);
    // The test reads real calls: the pages have hundreds, the e-mails, alerts and exports dozens.
    expect(calls.filter(({ where }) => where.startsWith("apps/web")).length).toBeGreaterThan(100);
    expect(calls.filter(({ where }) => where.startsWith("apps/server")).length).toBeGreaterThan(60);
    // Parsing every source takes ~2.5 s alone, and more than the default 5 s on a loaded machine.
  }, 30_000);
});
