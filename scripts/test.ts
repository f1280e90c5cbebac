// `npm test`: lint, typecheck, import boundaries, build the web app, then every test (unit, integration, end-to-end).
// End-to-end tests need Debian's Chromium; this installs it when missing and the machine allows it.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

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
run("Tests (Vitest: unit, integration, end-to-end)", "npx", ["vitest", "run", ...process.argv.slice(2)]);
