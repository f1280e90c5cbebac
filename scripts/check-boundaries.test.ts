import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { findViolations, importSpecifiersOf } from "./check-boundaries.ts";

const CHECKER = path.join(import.meta.dirname, "check-boundaries.ts");
let roots: string[] = [];

/** A throwaway repository holding exactly `files` (path relative to its root → source). */
function fixture(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), "ferry-boundaries-"));
  roots.push(root);
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
    writeFileSync(path.join(root, file), source);
  }
  return root;
}

afterEach(() => {
  for (const root of roots) {
    rmSync(root, { recursive: true, force: true });
  }
  roots = [];
});

describe("importSpecifiersOf", () => {
  test("finds static, type-only, multi-line, side-effect, re-exported and dynamic imports with their lines", () => {
    const source = [
      'import { a } from "./a.ts";',
      'import type { B } from "./b.ts";',
      "import {",
      "  c,",
      '} from "./c.ts";',
      'import "./d.css";',
      'export * from "./e.ts";',
      'const f = await import("./f.ts");',
    ].join("\n");
    expect(importSpecifiersOf(source)).toEqual([
      { specifier: "./a.ts", line: 1 },
      { specifier: "./b.ts", line: 2 },
      { specifier: "./c.ts", line: 5 },
      { specifier: "./d.css", line: 6 },
      { specifier: "./e.ts", line: 7 },
      { specifier: "./f.ts", line: 8 },
    ]);
  });

  test("ignores imports quoted in comments and strings", () => {
    const source = [
      "/**",
      ' * import { x } from "../other/x.ts";',
      " */",
      '// import { y } from "../other/y.ts";',
      "const text = \"import { z } from '../other/z.ts'\";",
    ].join("\n");
    expect(importSpecifiersOf(source)).toEqual([]);
  });
});

describe("findViolations", () => {
  test("refuses a web feature importing another feature's files", () => {
    const root = fixture({
      "apps/web/src/features/profile/profile-page.tsx": 'import { useMe } from "../auth/api/session.ts";\n',
      "apps/web/src/features/auth/api/session.ts": "export const useMe = 1;\n",
    });
    expect(findViolations(root, [])).toEqual([
      {
        file: "apps/web/src/features/profile/profile-page.tsx",
        line: 1,
        specifier: "../auth/api/session.ts",
        rule: expect.stringContaining('web feature "profile" does not import feature "auth"'),
      },
    ]);
  });

  test("lets a feature import its own files, lib/ and components/, and app/ compose features", () => {
    const root = fixture({
      "apps/web/src/features/transfers/send-money/dialog.tsx": [
        'import { quote } from "../api/get-transfer-quote.ts";',
        'import { api } from "../../../lib/api.ts";',
        'import { Button } from "../../../components/ui/button.tsx";',
      ].join("\n"),
      "apps/web/src/app/router.tsx": 'import { Dialog } from "../features/transfers/send-money/dialog.tsx";\n',
    });
    expect(findViolations(root, [])).toEqual([]);
  });

  test("refuses core importing an app, by path or by package name", () => {
    const root = fixture({
      "packages/core/src/money.ts": 'import { x } from "../../../apps/server/src/config.ts";\n',
      "packages/core/src/errors.ts": '\n\nimport { y } from "@ferry/web/lib/api.ts";\n',
    });
    const found = findViolations(root, []).map((violation) => [violation.file, violation.line]);
    expect(found).toEqual([
      ["packages/core/src/errors.ts", 3],
      ["packages/core/src/money.ts", 1],
    ]);
  });

  test("refuses the web importing the server and the server importing the web", () => {
    const root = fixture({
      "apps/web/src/lib/api.ts": 'import type { AppError } from "../../../server/src/errors.ts";\n',
      "apps/server/src/app.ts": 'import { router } from "@ferry/web/app/router.tsx";\n',
    });
    expect(findViolations(root, []).map((violation) => violation.rule)).toEqual([
      expect.stringContaining("apps/server does not import apps/web"),
      expect.stringContaining("apps/web does not import apps/server"),
    ]);
  });

  test("lets a server module import another module's public file only", () => {
    const root = fixture({
      "apps/server/src/modules/transfers/routes.ts": [
        'import { createTransfer } from "./service.ts";',
        'import { requireUser } from "../../http/guards.ts";',
        'import { findAccount } from "../ledger/queries.ts";',
        'import { post } from "../ledger/service.ts";',
        'import { outbox } from "../mail/outbox.ts";',
        'import { findTransfer } from "./queries.ts";',
      ].join("\n"),
    });
    expect(findViolations(root, [])).toEqual([
      {
        file: "apps/server/src/modules/transfers/routes.ts",
        line: 3,
        specifier: "../ledger/queries.ts",
        rule: expect.stringContaining('server module "transfers" reaches into module "ledger"'),
      },
      {
        file: "apps/server/src/modules/transfers/routes.ts",
        line: 5,
        specifier: "../mail/outbox.ts",
        rule: expect.stringContaining('server module "transfers" reaches into module "mail"'),
      },
    ]);
  });

  test("refuses server modules that import each other in a cycle, at each import on the cycle", () => {
    const root = fixture({
      "apps/server/src/modules/auth/devices.ts": 'import { notify } from "../notifications/service.ts";\n',
      "apps/server/src/modules/notifications/service.ts": 'import { signIn } from "../auth/service.ts";\n',
      "apps/server/src/modules/auth/service.ts": "export const signIn = 1;\n",
      "apps/server/src/modules/deposits/service.ts": 'import { notify } from "../notifications/service.ts";\n',
    });
    expect(findViolations(root, [])).toEqual([
      expect.objectContaining({
        file: "apps/server/src/modules/auth/devices.ts",
        rule: expect.stringContaining("cycle (auth -> notifications -> auth)"),
      }),
      expect.objectContaining({
        file: "apps/server/src/modules/notifications/service.ts",
        rule: expect.stringContaining("cycle (notifications -> auth -> notifications)"),
      }),
    ]);
  });

  test("keeps the server's layers: modules and http/ import no plugin, external plugins no app plugin or module", () => {
    const root = fixture({
      "apps/server/src/modules/profile/routes.ts": [
        'import { requireUser } from "../../http/guards.ts";',
        'import auth from "../../plugins/app/auth.ts";',
        'import { AppError } from "../../errors.ts";',
      ].join("\n"),
      "apps/server/src/http/guards.ts": 'import type { Auth } from "../modules/auth/auth.ts";\n',
      "apps/server/src/plugins/external/swagger.ts": 'import guards from "../app/guards.ts";\n',
      "apps/server/src/plugins/app/auth.ts": 'import { createAuth } from "../../modules/auth/auth.ts";\n',
      "apps/server/src/app.ts": [
        'import auth from "./plugins/app/auth.ts";',
        'import { registerProfileRoutes } from "./modules/profile/routes.ts";',
      ].join("\n"),
    });
    expect(findViolations(root, []).map((violation) => [violation.file, violation.line, violation.rule])).toEqual([
      ["apps/server/src/http/guards.ts", 1, expect.stringContaining("http/ lies under every module")],
      ["apps/server/src/modules/profile/routes.ts", 2, expect.stringContaining("does not import plugins/")],
      ["apps/server/src/plugins/external/swagger.ts", 1, expect.stringContaining("an external plugin comes before")],
    ]);
  });

  test("skips a known exception, and reports one that no longer occurs", () => {
    const root = fixture({
      "apps/server/src/modules/auth/service.ts": 'import { outbox } from "../mail/outbox.ts";\n',
    });
    const known = "apps/server/src/modules/auth/service.ts -> apps/server/src/modules/mail/outbox.ts";
    const gone = "apps/server/src/modules/auth/auth.ts -> apps/server/src/modules/mail/templates.ts";
    expect(findViolations(root, [known])).toEqual([]);
    expect(findViolations(root, [known, gone])).toEqual([
      expect.objectContaining({ specifier: gone, rule: expect.stringContaining("no longer occurs") }),
    ]);
  });
});

describe("the command", () => {
  test("exits 1 and prints file:line and the rule for a violating tree", () => {
    const root = fixture({
      "apps/web/src/features/dashboard/dashboard-page.tsx": '\nimport { useMe } from "../auth/api/session.ts";\n',
    });
    // Run with this repository's exceptions list: none of its files exist in the fixture, so each is reported too.
    const result = spawnSync(process.execPath, [CHECKER, root], { encoding: "utf8" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'apps/web/src/features/dashboard/dashboard-page.tsx:2: imports "../auth/api/session.ts": web feature "dashboard" does not import feature "auth"',
    );
  });
});
