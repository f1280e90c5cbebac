import { readdirSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { z } from "zod";
import { createContractRegistry } from "./openapi-document.ts";

/** Read here rather than through openapi-document.ts, so a module its listing misses is still checked. */
const CONTRACTS_FOLDER = path.resolve(import.meta.dirname, "../../../../../packages/core/src/contracts");

test("the OpenAPI document names every zod schema of every core contracts module, parameters aside", async () => {
  const registry = await createContractRegistry();
  const modules = readdirSync(CONTRACTS_FOLDER).filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"));
  expect(modules).toContain("pagination.ts");
  const unnamed: string[] = [];
  for (const file of modules) {
    const module: Record<string, unknown> = await import(path.join(CONTRACTS_FOLDER, file));
    for (const [name, value] of Object.entries(module)) {
      const isParameter = /(Params|Query|Header)$/.test(name);
      if (value instanceof z.ZodType && !isParameter && !registry.has(value)) {
        unnamed.push(`${file}: ${name}`);
      }
    }
  }
  expect(unnamed).toEqual([]);
});
