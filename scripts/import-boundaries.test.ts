// The import rules of `.dependency-cruiser.cjs` and `.dependency-cruiser-modules.cjs`, run by
// dependency-cruiser on throwaway trees: each rule refuses the import it names and lets the allowed ones be.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const DEPCRUISE = path.join(ROOT, "node_modules", ".bin", "depcruise");
const FILE_RULES = path.join(ROOT, ".dependency-cruiser.cjs");
const MODULE_RULES = path.join(ROOT, ".dependency-cruiser-modules.cjs");
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

interface Violation {
  readonly from: string;
  readonly to: string;
  readonly rule: string;
}

/** Runs dependency-cruiser in `root` over `folders` with `config`; its exit status and what it refused. */
function cruise(root: string, folders: string[], config: string): { status: number | null; violations: Violation[] } {
  const result = spawnSync(process.execPath, [DEPCRUISE, ...folders, "--config", config, "--output-type", "json"], {
    cwd: root,
    encoding: "utf8",
  });
  if (!result.stdout) {
    throw new Error(`depcruise printed nothing: ${result.stderr}`);
  }
  const { summary } = JSON.parse(result.stdout) as {
    summary: { violations: { from: string; to: string; rule: { name: string } }[] };
  };
  const violations = summary.violations.map(({ from, to, rule }) => ({ from, to, rule: rule.name }));
  return { status: result.status, violations: violations.sort((a, b) => a.from.localeCompare(b.from)) };
}

/** The violations of the file rules in a tree holding `files`, cruised whole. */
function fileRuleViolations(files: Record<string, string>): Violation[] {
  return cruise(fixture(files), ["."], FILE_RULES).violations;
}

afterEach(() => {
  for (const root of roots) {
    rmSync(root, { recursive: true, force: true });
  }
  roots = [];
});

describe("the file rules", () => {
  test("refuse a web feature importing another feature's files, type-only imports included", () => {
    expect(
      fileRuleViolations({
        "apps/web/src/features/profile/profile-page.tsx": 'import type { Me } from "../auth/api/session.ts";\n',
        "apps/web/src/features/auth/api/session.ts": "export type Me = { id: string };\n",
      }),
    ).toEqual([
      {
        from: "apps/web/src/features/profile/profile-page.tsx",
        to: "apps/web/src/features/auth/api/session.ts",
        rule: "web-feature-imports-no-other-feature",
      },
    ]);
  });

  test("let a feature import its own files, lib/ and components/, and app/ compose features", () => {
    expect(
      fileRuleViolations({
        "apps/web/src/features/transfers/send-money/dialog.tsx": [
          'import { quote } from "../api/get-transfer-quote.ts";',
          'import { api } from "../../../lib/api.ts";',
          'import { Button } from "../../../components/ui/button.tsx";',
          "export const dialog = [quote, api, Button];",
        ].join("\n"),
        "apps/web/src/features/transfers/api/get-transfer-quote.ts": "export const quote = 1;\n",
        "apps/web/src/lib/api.ts": "export const api = 1;\n",
        "apps/web/src/components/ui/button.tsx": "export const Button = 1;\n",
        "apps/web/src/app/router.tsx": 'import { dialog } from "../features/transfers/send-money/dialog.tsx";\n',
      }),
    ).toEqual([]);
  });

  test("refuse core importing an app, by path or by package name", () => {
    const root = fixture({
      "packages/core/src/money.ts": 'import { x } from "../../../apps/server/src/config.ts";\n',
      "packages/core/src/errors.ts": 'import { y } from "@ferry/web/lib/api.ts";\n',
      "apps/server/src/config.ts": "export const x = 1;\n",
      "apps/web/src/lib/api.ts": "export const y = 1;\n",
      "apps/web/package.json": JSON.stringify({ name: "@ferry/web", exports: { "./*": "./src/*" } }),
    });
    mkdirSync(path.join(root, "node_modules", "@ferry"), { recursive: true });
    symlinkSync(path.join(root, "apps", "web"), path.join(root, "node_modules", "@ferry", "web"));
    expect(cruise(root, ["."], FILE_RULES).violations).toEqual([
      { from: "packages/core/src/errors.ts", to: "apps/web/src/lib/api.ts", rule: "core-imports-no-app" },
      { from: "packages/core/src/money.ts", to: "apps/server/src/config.ts", rule: "core-imports-no-app" },
    ]);
  });

  test("refuse the web importing the server and the server importing the web", () => {
    expect(
      fileRuleViolations({
        "apps/web/src/lib/api.ts": 'import type { AppError } from "../../../server/src/errors.ts";\n',
        "apps/server/src/errors.ts": "export type AppError = Error;\n",
        "apps/server/src/app.ts": 'import { router } from "../../web/src/app/router.tsx";\n',
        "apps/web/src/app/router.tsx": "export const router = 1;\n",
      }).map((violation) => violation.rule),
    ).toEqual(["server-imports-no-web", "web-imports-no-server"]);
  });

  test("let a server module import another module's service.ts only, and its own files", () => {
    expect(
      fileRuleViolations({
        "apps/server/src/modules/transfers/routes.ts": [
          'import { createTransfer } from "./service.ts";',
          'import { findTransfer } from "./queries.ts";',
          'import { requireUser } from "../../http/guards.ts";',
          'import { findAccount } from "../ledger/queries.ts";',
          'import { post } from "../ledger/service.ts";',
          'import { outbox } from "../mail/outbox.ts";',
          "export const routes = [createTransfer, findTransfer, requireUser, findAccount, post, outbox];",
        ].join("\n"),
        "apps/server/src/modules/transfers/service.ts": "export const createTransfer = 1;\n",
        "apps/server/src/modules/transfers/queries.ts": "export const findTransfer = 1;\n",
        "apps/server/src/http/guards.ts": "export const requireUser = 1;\n",
        "apps/server/src/modules/ledger/queries.ts": "export const findAccount = 1;\n",
        "apps/server/src/modules/ledger/service.ts": "export const post = 1;\n",
        "apps/server/src/modules/mail/outbox.ts": "export const outbox = 1;\n",
      }),
    ).toEqual([
      {
        from: "apps/server/src/modules/transfers/routes.ts",
        to: "apps/server/src/modules/ledger/queries.ts",
        rule: "module-reaches-other-module-by-service-only",
      },
      {
        from: "apps/server/src/modules/transfers/routes.ts",
        to: "apps/server/src/modules/mail/outbox.ts",
        rule: "module-reaches-other-module-by-service-only",
      },
    ]);
  });

  test("refuse a module's queries.ts imported from outside its folder, app.ts and scripts included", () => {
    const root = fixture({
      "apps/server/src/modules/destinations/queries.ts": "export const listRecipients = 1;\n",
      "apps/server/src/modules/destinations/service.ts": 'export { listRecipients } from "./queries.ts";\n',
      "apps/server/src/app.ts": 'import { listRecipients } from "./modules/destinations/queries.ts";\n',
      "scripts/export.ts": 'import { listRecipients } from "../apps/server/src/modules/destinations/queries.ts";\n',
    });
    expect(cruise(root, ["."], FILE_RULES).violations).toEqual([
      {
        from: "apps/server/src/app.ts",
        to: "apps/server/src/modules/destinations/queries.ts",
        rule: "queries-only-from-own-module",
      },
      {
        from: "scripts/export.ts",
        to: "apps/server/src/modules/destinations/queries.ts",
        rule: "queries-only-from-own-module",
      },
    ]);
  });

  test("keep the server's layers: modules and http/ import no plugin, external plugins no app plugin or module", () => {
    expect(
      fileRuleViolations({
        "apps/server/src/modules/profile/routes.ts": [
          'import { requireUser } from "../../http/guards.ts";',
          'import auth from "../../plugins/app/auth.ts";',
          'import { AppError } from "../../errors.ts";',
          "export const routes = [requireUser, auth, AppError];",
        ].join("\n"),
        "apps/server/src/errors.ts": "export const AppError = 1;\n",
        "apps/server/src/http/guards.ts": 'import type { Auth } from "../modules/auth/auth.ts";\n',
        "apps/server/src/modules/auth/auth.ts": "export type Auth = { id: string };\n",
        "apps/server/src/plugins/external/swagger.ts": 'import guards from "../app/guards.ts";\n',
        "apps/server/src/plugins/app/guards.ts": "export default 1;\n",
        "apps/server/src/plugins/app/auth.ts": 'import type { Auth } from "../../modules/auth/auth.ts";\n',
        "apps/server/src/app.ts": [
          'import auth from "./plugins/app/auth.ts";',
          'import { routes } from "./modules/profile/routes.ts";',
        ].join("\n"),
      }),
    ).toEqual([
      {
        from: "apps/server/src/http/guards.ts",
        to: "apps/server/src/modules/auth/auth.ts",
        rule: "http-imports-no-module-or-plugin",
      },
      {
        from: "apps/server/src/modules/profile/routes.ts",
        to: "apps/server/src/plugins/app/auth.ts",
        rule: "module-imports-no-plugin",
      },
      {
        from: "apps/server/src/plugins/external/swagger.ts",
        to: "apps/server/src/plugins/app/guards.ts",
        rule: "external-plugin-imports-no-app-plugin-or-module",
      },
    ]);
  });

  test("refuse files that import each other in a cycle", () => {
    expect(
      fileRuleViolations({
        "apps/web/src/lib/a.ts": 'import { b } from "./b.ts";\nexport const a = b;\n',
        "apps/web/src/lib/b.ts": 'import { a } from "./a.ts";\nexport const b = a;\n',
      }),
    ).toEqual([{ from: "apps/web/src/lib/a.ts", to: "apps/web/src/lib/b.ts", rule: "no-circular" }]);
  });

  test("fail the command as npm test runs it, naming the file and the rule", () => {
    const root = fixture({
      "apps/web/src/features/dashboard/dashboard-page.tsx": 'import { useMe } from "../auth/api/session.ts";\n',
      "apps/web/src/features/auth/api/session.ts": "export const useMe = 1;\n",
    });
    // Plain text, as in a terminal without colours: `npm test` sets FORCE_COLOR for the Vitest it runs.
    const { FORCE_COLOR: _colour, ...plain } = process.env;
    const result = spawnSync(process.execPath, [DEPCRUISE, ".", "--config", FILE_RULES, "--output-type", "err"], {
      cwd: root,
      encoding: "utf8",
      env: { ...plain, NO_COLOR: "1" },
    });
    expect(result.status).not.toBe(0);
    expect(result.stdout).toContain(
      "error web-feature-imports-no-other-feature: apps/web/src/features/dashboard/dashboard-page.tsx",
    );
  });
});

describe("the module rules", () => {
  test("refuse server modules that import each other in a cycle, though no file reaches itself", () => {
    const root = fixture({
      "apps/server/src/modules/auth/devices.ts": 'import { notify } from "../notifications/service.ts";\n',
      "apps/server/src/modules/notifications/service.ts": 'import { signIn } from "../auth/service.ts";\n',
      "apps/server/src/modules/auth/service.ts": "export const signIn = 1;\n",
      "apps/server/src/modules/deposits/service.ts": 'import { notify } from "../notifications/service.ts";\n',
    });
    expect(cruise(root, ["."], FILE_RULES).violations).toEqual([]);
    expect(cruise(root, ["apps/server/src/modules"], MODULE_RULES).violations).toEqual([
      { from: "apps/server/src/modules/auth", to: "apps/server/src/modules/notifications", rule: "no-module-cycle" },
      { from: "apps/server/src/modules/notifications", to: "apps/server/src/modules/auth", rule: "no-module-cycle" },
    ]);
  });

  test("let modules import each other one way", () => {
    const root = fixture({
      "apps/server/src/modules/transfers/service.ts": 'import { post } from "../ledger/service.ts";\n',
      "apps/server/src/modules/deposits/service.ts": 'import { post } from "../ledger/service.ts";\n',
      "apps/server/src/modules/ledger/service.ts": 'import { AppError } from "../../errors.ts";\n',
      "apps/server/src/errors.ts": "export const AppError = 1;\n",
    });
    expect(cruise(root, ["apps/server/src/modules"], MODULE_RULES)).toEqual({ status: 0, violations: [] });
  });
});
