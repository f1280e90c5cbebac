/**
 * The peer ledger: pgledger (bench/pgledger/README.md), a ledger written as PostgreSQL functions, run
 * on the same database, at the same concurrency and for the same time as Ferry's transfer phases. Each
 * client sends from an account of its own that may not go negative, either to accounts of its own
 * ("spread") or all to one account ("hot"), with `pgledger_create_transfer` — one call, one
 * transaction, one round trip per transfer.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { closedLoopFigures, type LeadInFigures, tally } from "./stats.ts";

const PGLEDGER_SCHEMA = "bench_pgledger";
const SQL_FILES = ["ulid-uuid-to-ulid.sql", "pgledger.sql"] as const;
/** Caps each client's loop whatever the clock says, so a phase always ends. */
const MAX_TRANSFERS_PER_CLIENT = 1_000_000;
/** What each sending account starts with: far more than a phase can spend, one unit per transfer. */
const OPENING_BALANCE = "1000000000";

export interface PeerResult {
  readonly kind: "pgledger";
  readonly shape: "spread" | "hot";
  readonly description: string;
  readonly elapsedMs: number;
  readonly transfers: number;
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly errors: Record<string, number>;
  /** The lead-in run just before under the same load, counted apart (none in these figures). */
  readonly leadIn: LeadInFigures;
}

/** Loads pgledger's functions and tables into their own schema (dropped and made afresh). */
export async function installPgledger(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${PGLEDGER_SCHEMA} CASCADE`);
    await client.query(`CREATE SCHEMA ${PGLEDGER_SCHEMA}`);
    await client.query(`SET search_path = ${PGLEDGER_SCHEMA}, public`);
    for (const file of SQL_FILES) {
      await client.query(await readFile(path.join(import.meta.dirname, "pgledger", file), "utf8"));
    }
  } finally {
    await client.query("RESET search_path").catch(() => {});
    client.release();
  }
}

/** One funded sending account per client, and the accounts they send to. */
async function openAccounts(client: pg.Client, clients: number, shape: "spread" | "hot") {
  const create = async (name: string, allowNegative: boolean): Promise<string> => {
    const result = await client.query<{ id: string }>(
      "SELECT id FROM pgledger_create_account($1, 'USD', allow_negative_balance => $2)",
      [name, allowNegative],
    );
    return result.rows[0].id;
  };
  const funding = await create(`${shape}-funding`, true);
  const senders: string[] = [];
  const receivers: string[] = [];
  const hot = shape === "hot" ? await create("hot-receiver", false) : null;
  for (let index = 0; index < clients; index += 1) {
    const sender = await create(`${shape}-sender-${index}`, false);
    await client.query("SELECT id FROM pgledger_create_transfer($1, $2, $3)", [funding, sender, OPENING_BALANCE]);
    senders.push(sender);
    receivers.push(hot ?? (await create(`${shape}-receiver-${index}`, false)));
  }
  return { senders, receivers };
}

/** pgledger_create_transfer from `clients` Node connections (the `pg` driver, as Ferry uses) for `durationMs`. */
export async function runPgledger(options: {
  readonly url: string;
  readonly clients: number;
  readonly durationMs: number;
  readonly leadInMs: number;
  readonly shape: "spread" | "hot";
}): Promise<PeerResult> {
  const connections = Array.from(
    { length: options.clients },
    () => new pg.Client({ connectionString: options.url, options: `-c search_path=${PGLEDGER_SCHEMA},public` }),
  );
  const latencies: number[] = [];
  const startedAts: number[] = [];
  const errors: Record<string, number> = {};
  try {
    await Promise.all(connections.map((client) => client.connect()));
    const { senders, receivers } = await openAccounts(connections[0], options.clients, options.shape);
    const measuredFrom = performance.now() + options.leadInMs;
    const deadline = measuredFrom + options.durationMs;
    await Promise.all(
      connections.map(async (client, index) => {
        for (let count = 0; count < MAX_TRANSFERS_PER_CLIENT && performance.now() < deadline; count += 1) {
          const transferStartedAt = performance.now();
          try {
            await client.query({
              name: "pgledger-transfer",
              text: "SELECT id FROM pgledger_create_transfer($1, $2, $3)",
              values: [senders[index], receivers[index], "1"],
            });
            latencies.push(performance.now() - transferStartedAt);
            startedAts.push(transferStartedAt);
          } catch (error) {
            tally(errors, (error as { code?: string }).code ?? (error as Error).message);
          }
        }
      }),
    );
    const figures = closedLoopFigures(latencies, startedAts, measuredFrom, performance.now());
    return {
      kind: "pgledger",
      shape: options.shape,
      description: `pgledger_create_transfer from Node (pg driver), ${options.clients} connections, ${options.shape}`,
      ...figures,
      transfers: figures.count,
      errors,
    };
  } finally {
    await Promise.all(connections.map((client) => client.end().catch(() => {})));
  }
}
