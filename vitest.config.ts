import { configDefaults, defineConfig } from "vitest/config";
import { compiledMessages } from "./apps/web/build/messages.ts";

/** Checks the ledger the whole integration suite left behind; runs alone, after it. */
const RECONCILE_TEST = "tests/integration/zz-reconcile.test.ts";

/**
 * End-to-end files that share no state with the others (the public pages, and the accessibility tour,
 * which signs up its own customer). `npm test` runs them in its second Vitest, after
 * the crash tests, against a Ferry of their own, beside the other browser tests: the two Vitest processes
 * then end at about the same time.
 */
const E2E_ALONGSIDE = ["e2e/marketing-pages.e2e.test.ts", "e2e/accessibility.e2e.test.ts"];

/**
 * End-to-end files that move the server's business clock forward (POST /dev/clock): they run after
 * every other browser test, since help requests' due dates, transfer codes and quotes follow that clock.
 */
const E2E_CLOCK_MOVERS = ["e2e/investment.e2e.test.ts"];

/**
 * Vitest's expect.poll gives up after 1 s by default; a loaded CI machine can take longer than that to
 * run a redirect or a refetch in Chromium, so the browser tests wait up to 15 s (decision 040).
 */
const E2E_EXPECT = { poll: { timeout: 15_000 } };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/*/src/**/*.test.ts",
            "apps/*/src/**/*.test.ts",
            "scripts/**/*.test.ts",
            "bench/**/*.test.ts",
          ],
          environment: "node",
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
          // Projects with their own maxWorkers need their own group; groups run one after another.
          sequence: { groupOrder: 0 },
          // Vitest's default is one worker fewer than the cores: a single one on 2 cores.
          maxWorkers: 2,
          // One module graph per worker across files, as `integration`: the files share no module state.
          isolate: false,
          // A few are CPU-bound (scrypt at its production cost, 200,000 IBAN typos): a second or three
          // alone, over 5 s (Vitest's default) beside the browser tests on a busy machine.
          testTimeout: 30_000,
        },
      },
      {
        plugins: [compiledMessages()],
        test: {
          // Component tests of the web app's forms, in a simulated browser (jsdom), acting as a person would.
          name: "web",
          include: ["apps/web/src/**/*.test.tsx"],
          environment: "jsdom",
          setupFiles: ["tests/setup/fail-on-console-error.ts", "tests/setup/web.ts"],
          sequence: { groupOrder: 0 },
          maxWorkers: 2,
          // One jsdom and module graph per worker across files (web.ts cleans the DOM and Sonner's toasts
          // after each test): 18 s instead of 56 s for the 40 files on 2 cores.
          isolate: false,
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: [...configDefaults.exclude, RECONCILE_TEST],
          environment: "node",
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
          // Starts one throwaway PostgreSQL (or a fresh database on DATABASE_URL's server), migrates it
          // once, and hands its URL to every test file through `inject("databaseUrl")`.
          globalSetup: ["tests/integration/global-setup.ts"],
          // Files run in parallel, tests within a file serially. Much of each test waits on PostgreSQL,
          // so more workers than cores pays off: on 2 cores the suite takes ~28 s with 4, ~80 s with 1.
          maxWorkers: 4,
          sequence: { groupOrder: 1 },
          // One module graph per worker across files (the app's ~300 modules are imported once, not
          // once per file): the files share no module state, each builds its own app and database rows.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "reconcile",
          include: [RECONCILE_TEST],
          environment: "node",
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
          // The same global setup as `integration`: within one Vitest run both projects share its database.
          globalSetup: ["tests/integration/global-setup.ts"],
          // Its own group after `integration`, so it starts only once every integration file has finished.
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "crash",
          include: ["tests/crash/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
          // Starts Ferry itself as child processes and kills them: alone, after `reconcile`, so it does
          // not compete for CPU with the integration files (under a minute on 2 cores).
          maxWorkers: 1,
          sequence: { groupOrder: 3 },
          testTimeout: 400_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.test.ts"],
          exclude: [...configDefaults.exclude, ...E2E_ALONGSIDE, ...E2E_CLOCK_MOVERS],
          environment: "node",
          // Starts Ferry itself (embedded PostgreSQL, migrations, demo seed, the built web app) on a free port.
          globalSetup: ["e2e/global-setup.ts"],
          // These files sign in as the demo customer and admin and read their mailboxes: one at a time.
          fileParallelism: false,
          maxWorkers: 1,
          // After the crash tests when one Vitest runs everything; `npm test` runs the browser projects
          // in a second Vitest beside the others instead (scripts/test.ts).
          sequence: { groupOrder: 4 },
          testTimeout: 90_000,
          hookTimeout: 120_000,
          expect: E2E_EXPECT,
        },
      },
      {
        test: {
          name: "e2e-clock",
          include: E2E_CLOCK_MOVERS,
          environment: "node",
          globalSetup: ["e2e/global-setup.ts"],
          fileParallelism: false,
          maxWorkers: 1,
          // After every other browser test.
          sequence: { groupOrder: 5 },
          testTimeout: 90_000,
          hookTimeout: 120_000,
          expect: E2E_EXPECT,
        },
      },
      {
        test: {
          name: "e2e-alongside",
          include: E2E_ALONGSIDE,
          environment: "node",
          globalSetup: ["e2e/global-setup.ts"],
          fileParallelism: false,
          maxWorkers: 1,
          sequence: { groupOrder: 6 },
          testTimeout: 90_000,
          hookTimeout: 120_000,
          expect: E2E_EXPECT,
        },
      },
    ],
  },
});
