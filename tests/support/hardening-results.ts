import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The figures issue 7 asks every hardening suite to report, merged into one file. */
export interface HardeningFigures {
  fuzzRequests: number;
  fuzz5xx: number;
  authzChecks: number;
  authzLeaks: number;
  crashKills: number;
  acknowledgedLost: number;
  duplicated: number;
}

const RESULTS_FILE = path.join(import.meta.dirname, "../../bench/results/hardening.json");

/**
 * Merges one suite's figures into `bench/results/hardening.json` and prints them. Each suite owns its
 * own keys, so suites running in parallel workers only ever overwrite their own figures; the write
 * goes through a rename so a reader never sees half a file.
 */
export function recordHardening(suite: string, figures: Partial<HardeningFigures>): void {
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  const current = existsSync(RESULTS_FILE)
    ? (JSON.parse(readFileSync(RESULTS_FILE, "utf8")) as Record<string, unknown>)
    : {};
  const next = { ...current, ...figures, updatedAt: new Date().toISOString() };
  const temporary = `${RESULTS_FILE}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(next, null, 2)}\n`);
  renameSync(temporary, RESULTS_FILE);
  console.log(`[${suite}] ${JSON.stringify(figures)}`);
}
