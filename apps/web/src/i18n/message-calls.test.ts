/*
 * Issue 29: every `t("…", { … })` call of the web app passes exactly the arguments its message takes (a
 * renamed `{argument}` would otherwise show as "{amount}" on a page), and every key it names is in the
 * message files (the compiler checks that too, through MessageKey). Read with a real parser (oxc).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { parseSync } from "oxc-parser";
import { describe, expect, it } from "vitest";
import english from "../../../../packages/core/src/i18n/messages/en.json" with { type: "json" };

const webSource = path.join(import.meta.dirname, "..");

function sourcesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const file = path.join(directory, entry);
    if (statSync(file).isDirectory()) {
      return sourcesUnder(file);
    }
    return /\.tsx?$/.test(entry) && !entry.endsWith(".d.ts") ? [file] : [];
  });
}

/** The top-level argument names a message takes (inside plurals and selects too). */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: ReturnType<typeof compileMessageOrThrow>) => {
    for (const token of tokens) {
      if (typeof token === "string") {
        continue;
      }
      names.add(token[0]);
      if (token[2] && typeof token[2] === "object") {
        for (const [key, choice] of Object.entries(token[2] as Record<string, unknown>)) {
          if (key !== "offset") {
            walk(choice as ReturnType<typeof compileMessageOrThrow>);
          }
        }
      }
    }
  };
  walk(compileMessageOrThrow(message));
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

/** Every node under `root`, depth first. */
function* nodesOf(root: unknown): Generator<Node> {
  const values = Array.isArray(root) ? root : isNode(root) ? [root] : [];
  for (const value of values) {
    if (!isNode(value)) {
      continue;
    }
    yield value;
    for (const [field, child] of Object.entries(value)) {
      if (field !== "type" && typeof child === "object" && child !== null) {
        yield* nodesOf(Array.isArray(child) ? child : [child]);
      }
    }
  }
}

/** The names an object literal passes (`{ a, b: 1 }` → a, b); undefined for anything else (a variable). */
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

/** `t("key", { a, b: … })` calls: the key, and the names passed (undefined when not an object literal). */
function callsIn(file: string): { key: string; passed: string[] | undefined; where: string }[] {
  const code = readFileSync(file, "utf8");
  const { program } = parseSync(file, code);
  const calls: { key: string; passed: string[] | undefined; where: string }[] = [];
  for (const node of nodesOf(program)) {
    const callee = node.callee as Node | undefined;
    const [first, second] = (node.arguments ?? []) as Node[];
    if (
      node.type === "CallExpression" &&
      callee?.type === "Identifier" &&
      callee.name === "t" &&
      first?.type === "Literal" &&
      typeof first.value === "string"
    ) {
      const line = code.slice(0, node.start).split("\n").length;
      calls.push({ key: first.value, passed: namesPassed(second), where: `${path.relative(webSource, file)}:${line}` });
    }
  }
  return calls;
}

describe("t() calls", () => {
  it("pass each message exactly the arguments it takes", () => {
    const catalog: Readonly<Record<string, string>> = english;
    const calls = sourcesUnder(webSource).flatMap(callsIn);
    const problems = calls.flatMap(({ key, passed, where }) => {
      if (!(key in catalog)) {
        return [`${where}: "${key}" is not in the message files`];
      }
      const expected = argumentsOf(key);
      if (passed === undefined || passed.sort().join() === expected.join()) {
        return [];
      }
      return [`${where}: "${key}" takes ${expected.join(", ") || "nothing"}, given ${passed.join(", ") || "nothing"}`];
    });
    expect(problems).toEqual([]);
    // The test reads real calls: the app has hundreds.
    expect(calls.length).toBeGreaterThan(100);
  });
});
