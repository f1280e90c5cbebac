// `npm test`: lint, typecheck, import boundaries, build the web app, then every test (unit, integration, end-to-end).
// End-to-end tests need Debian's Chromium; this installs it when missing and the machine allows it.
import { spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const CHROMIUM_PATH = "/usr/bin/chromium";

function run(title: string, command: string, args: string[]): void {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

function ensureChromium(): void {
  if (existsSync(CHROMIUM_PATH)) {
    return;
  }
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `✖ End-to-end tests need Chromium at ${CHROMIUM_PATH}. Install it with: sudo apt-get install -y chromium`,
    );
    process.exit(1);
  }
  console.log(`\n▶ Installing Debian's chromium (needed by the end-to-end tests)`);
  const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  const install = spawnSync("apt-get", ["install", "-y", "-qq", "chromium", "fonts-liberation"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (update.status !== 0 || install.status !== 0 || !existsSync(CHROMIUM_PATH)) {
    console.error(`✖ Could not install chromium with apt-get; end-to-end tests cannot run without ${CHROMIUM_PATH}.`);
    process.exit(1);
  }
}

run("Lint and format (Biome)", "npx", ["biome", "check", "."]);
run("Typecheck (tsc)", "npx", ["tsc", "-p", "tsconfig.json"]);
// Output `err`: one line per violation and a one-line summary (.dependency-cruiser.cjs says why each rule).
const CRUISED_FOLDERS = ["apps", "packages", "scripts", "tests", "e2e", "bench"];
run("Import boundaries (dependency-cruiser)", "npx", [
  "depcruise",
  ...CRUISED_FOLDERS,
  "--config",
  ".dependency-cruiser.cjs",
  "--output-type",
  "err",
]);
run("Server modules without cycles (dependency-cruiser)", "npx", [
  "depcruise",
  "apps/server/src/modules",
  "--config",
  ".dependency-cruiser-modules.cjs",
  "--output-type",
  "err",
]);
run("Unused files, exports and dependencies (knip)", "npx", ["knip", "--no-progress"]);
run("OpenAPI document (Redocly, recommended rules)", "npx", ["tsx", "scripts/lint-openapi.ts"]);
run("API client types match the OpenAPI document", "npx", ["tsx", "scripts/generate-api-types.ts", "--check"]);
ensureChromium();
run("Build the web app (Vite)", "npm", ["run", "build", "--silent"]);

/** The browser tests' projects: they run beside the others, in a second Vitest (see `runTests`). */
const BROWSER_PROJECTS = ["e2e", "e2e-alongside", "e2e-clock"];
const NODE_PROJECTS = ["unit", "web", "integration", "reconcile", "crash"];

/** Runs Vitest on `projects`, its output going to `outputFile` when given; resolves to its exit code. */
function vitest(projects: readonly string[], outputFile?: string): Promise<number> {
  const output = outputFile ? openSync(outputFile, "w") : "inherit";
  const args = ["vitest", "run", ...projects.flatMap((project) => ["--project", project])];
  const child = spawn("npx", args, { stdio: ["ignore", output, output], env: process.env });
  return new Promise((resolve) => {
    child.on("close", (code) => {
      if (typeof output === "number") {
        closeSync(output);
      }
      resolve(code ?? 1);
    });
  });
}

/**
 * The tests. The browser tests mostly wait (on Chromium, on the server), and the Node projects mostly
 * compute, so on a 2-core machine the two sets run at the same time, as two Vitest processes: the
 * browser tests' output is kept in a file and printed after the others'. With arguments (a file or a
 * project to run), one Vitest runs just that, as `vitest run` would.
 */
async function runTests(): Promise<void> {
  const filters = process.argv.slice(2);
  if (filters.length > 0) {
    run("Tests (Vitest)", "npx", ["vitest", "run", ...filters]);
    return;
  }
  console.log("\n▶ Tests (Vitest: unit, web, integration, crash; beside them the end-to-end tests)");
  const browserLog = path.join(mkdtempSync(path.join(os.tmpdir(), "ferry-test-")), "e2e.log");
  const [nodeCode, browserCode] = await Promise.all([vitest(NODE_PROJECTS), vitest(BROWSER_PROJECTS, browserLog)]);
  console.log("\n▶ End-to-end tests (Vitest: e2e, e2e-alongside, e2e-clock), run beside the above");
  process.stdout.write(readFileSync(browserLog, "utf8"));
  if (nodeCode !== 0 || browserCode !== 0) {
    console.error(`\n✖ Tests failed (Node projects: exit ${nodeCode}; end-to-end: exit ${browserCode}).`);
    process.exit(1);
  }
}

await runTests();
