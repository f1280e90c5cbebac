// `npm test`: lint, typecheck, import boundaries, build the web app, then every test (unit, integration, end-to-end).
// End-to-end tests need Debian's Chromium; this installs it when missing and the machine allows it.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";

const CHROMIUM_PATH = "/usr/bin/chromium";

interface Step {
  readonly title: string;
  readonly command: string;
  readonly args: readonly string[];
}

/** Runs `step` with its output held back, and answers its exit code, output and duration. */
function runQuietly(step: Step): Promise<{ code: number; output: string; seconds: number }> {
  const startedAt = performance.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { env: { ...process.env, FORCE_COLOR: "1" } });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("close", (code) => {
      const seconds = (performance.now() - startedAt) / 1000;
      resolve({ code: code ?? 1, output: Buffer.concat(chunks).toString(), seconds });
    });
  });
}

// Vitest's lines naming a failed test or file, and the first line of each error.
const FAILURE_LINE = /^\s*(FAIL\b|×|✗|[A-Za-z]*Error:|AssertionError|Test timed out)/;

/** The lines of `output` that say what failed, without colours, so the end of a long log names them. */
function failureLines(output: string): string[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes start with ESC.
  const plain = output.replace(/\u001b\[[0-9;]*m/g, "").split("\n");
  return plain.filter((line) => FAILURE_LINE.test(line)).slice(0, 40);
}

/**
 * Runs the checks side by side, one per core (on 2 cores they take about half as long as one after
 * another), printing each one's output whole once it ends; exits after all have ended if any failed.
 */
async function runSideBySide(steps: readonly Step[]): Promise<void> {
  const queue = [...steps];
  const failed: string[] = [];
  const lane = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) {
      const { code, output, seconds } = await runQuietly(step);
      console.log(`\n▶ ${step.title} (${seconds.toFixed(1)} s)`);
      process.stdout.write(output);
      if (code !== 0) {
        console.error(`\n✖ ${step.title} failed (exit ${code}).`);
        failed.push(`${step.title}:\n${failureLines(output).join("\n")}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, lane));
  if (failed.length > 0) {
    // Printed last: a log cut to its tail still says which checks and tests failed.
    console.error(`\n✖ Failed:\n${failed.join("\n")}`);
    process.exit(1);
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

// Output `err`: one line per violation and a one-line summary (.dependency-cruiser.cjs says why each rule).
const CRUISED_FOLDERS = ["apps", "packages", "scripts", "tests", "e2e", "bench"];

ensureChromium();
// The longest first, so no core is left with a long check at the end.
await runSideBySide([
  { title: "Build the web app (Vite)", command: "npm", args: ["run", "build", "--silent"] },
  { title: "Typecheck (tsc)", command: "npx", args: ["tsc", "-p", "tsconfig.json"] },
  {
    title: "API client types match the OpenAPI document",
    command: "npx",
    args: ["tsx", "scripts/generate-api-types.ts", "--check"],
  },
  { title: "OpenAPI document (Redocly, recommended rules)", command: "npx", args: ["tsx", "scripts/lint-openapi.ts"] },
  { title: "Unused files, exports and dependencies (knip)", command: "npx", args: ["knip", "--no-progress"] },
  {
    title: "Import boundaries (dependency-cruiser)",
    command: "npx",
    args: ["depcruise", ...CRUISED_FOLDERS, "--config", ".dependency-cruiser.cjs", "--output-type", "err"],
  },
  { title: "Lint and format (Biome)", command: "npx", args: ["biome", "check", "."] },
  {
    title: "Server modules without cycles (dependency-cruiser)",
    command: "npx",
    args: [
      "depcruise",
      "apps/server/src/modules",
      "--config",
      ".dependency-cruiser-modules.cjs",
      "--output-type",
      "err",
    ],
  },
]);
// Two Vitest processes side by side: the browser tests run one file at a time (they share the demo
// accounts) and leave most of a core idle, which the other projects' groups fill (decision 040). The
// public-page browser tests run in the second one, against a Ferry of their own, so both end together.
const filters = process.argv.slice(2);
const vitest = (projects: readonly string[]) => [
  "vitest",
  "run",
  ...projects.flatMap((project) => ["--project", project]),
  // A filter naming only one side's files leaves the other side with none, which is no failure.
  ...(filters.length > 0 ? ["--passWithNoTests", ...filters] : []),
];
console.log("\n▶ Tests (Vitest): the browser tests and the rest side by side; each report prints when it ends");
await runSideBySide([
  {
    title: "Tests (Vitest: end-to-end, in Chromium)",
    command: "npx",
    args: vitest(["e2e", "e2e-clock"]),
  },
  {
    title: "Tests (Vitest: unit, web components, integration, reconcile, crash, public pages in Chromium)",
    command: "npx",
    args: vitest(["unit", "web", "integration", "reconcile", "crash", "e2e-alongside"]),
  },
]);
