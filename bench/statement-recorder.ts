import type pg from "pg";
import { percentile } from "./stats.ts";

/**
 * Counts and times the statements the server sends through its pool, while switched on. Each
 * `client.query` of node-postgres is one round trip to the database (Parse/Bind/Execute/Sync are
 * sent together), so the count is also the number of round trips.
 */
export interface StatementRecorder {
  start(): void;
  stop(): RecordedStatement[];
}

export interface RecordedStatement {
  readonly text: string;
  readonly durationMs: number;
}

type QueryFunction = (...args: unknown[]) => unknown;

function textOf(first: unknown): string {
  if (typeof first === "string") {
    return first;
  }
  const text = (first as { text?: unknown } | null)?.text;
  return typeof text === "string" ? text : "(unknown)";
}

/** Wraps every client `pool` opens from now on; call before the pool's first query. */
export function recordPoolStatements(pool: pg.Pool): StatementRecorder {
  let isRecording = false;
  let recorded: RecordedStatement[] = [];
  pool.on("connect", (client) => {
    const target = client as unknown as { query: QueryFunction };
    const original = target.query.bind(client) as QueryFunction;
    target.query = (...args: unknown[]) => {
      const result = original(...args);
      if (!isRecording || !(result instanceof Promise)) {
        return result;
      }
      const text = textOf(args[0]);
      const startedAt = performance.now();
      const record = () => {
        if (isRecording) {
          recorded.push({ text, durationMs: performance.now() - startedAt });
        }
      };
      result.then(record, record);
      return result;
    };
  });
  return {
    start() {
      recorded = [];
      isRecording = true;
    },
    stop() {
      isRecording = false;
      return recorded;
    },
  };
}

export interface StatementSummary {
  /** The statement with its whitespace collapsed, cut to 160 characters. */
  readonly statement: string;
  readonly perTransfer: number;
  readonly meanMs: number;
  /** Robust to the odd stall of a shared machine. */
  readonly medianMs: number;
  /** This statement's share of all database time of the profiled transfers. */
  readonly shareOfDatabaseTime: number;
}

/** Groups recorded statements by text, largest total time first. */
export function summariseStatements(recorded: readonly RecordedStatement[], transfers: number): StatementSummary[] {
  const groups = new Map<string, { count: number; totalMs: number; durations: number[] }>();
  let allMs = 0;
  for (const item of recorded) {
    const key = item.text.replace(/\s+/g, " ").trim().slice(0, 160);
    const group = groups.get(key) ?? { count: 0, totalMs: 0, durations: [] };
    group.count += 1;
    group.durations.push(item.durationMs);
    group.totalMs += item.durationMs;
    allMs += item.durationMs;
    groups.set(key, group);
  }
  return [...groups]
    .sort((a, b) => b[1].totalMs - a[1].totalMs)
    .map(([statement, group]) => ({
      statement,
      perTransfer: group.count / transfers,
      meanMs: group.totalMs / group.count,
      medianMs: percentile(group.durations, 0.5),
      shareOfDatabaseTime: allMs > 0 ? group.totalMs / allMs : 0,
    }));
}
