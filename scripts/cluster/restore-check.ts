/**
 * The restore check of `npm run cluster:test`: a base backup taken from the cluster with
 * pg_basebackup, more transfers written after it (through failovers), then a fresh single PostgreSQL
 * restored from the backup and the WAL archive (recovery to the end of the archive), and its ledger
 * reconciled. docs/operations.md describes the same steps for an operator.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, chownSync, cpSync, existsSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { openDatabase } from "../../apps/server/src/db/database.ts";
import { findFreePort } from "../../apps/server/src/db/free-port.ts";
import { reconcileLedger } from "../../apps/server/src/modules/ledger/reconcile.ts";
import { type Cluster, DATABASE_NAME, log, PG_BIN, restoreCommand, userIds, waitFor } from "./cluster.ts";

const PG_USER = "postgres";

/** Runs a PostgreSQL program as the postgres user; throws with its output when it fails. */
function runAsPostgres(program: string, args: string[], env: Record<string, string> = {}): string {
  const result = spawnSync("/usr/sbin/runuser", ["-u", PG_USER, "--", path.join(PG_BIN, program), ...args], {
    encoding: "utf8",
    env: { PATH: "/usr/bin:/bin", LANG: "C.UTF-8", ...env },
  });
  if (result.status !== 0) {
    throw new Error(`${program} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
  return result.stdout;
}

export interface BaseBackup {
  readonly dir: string;
  readonly takenAt: string;
  readonly seconds: number;
}

/** `pg_basebackup` of the current primary (through HAProxy), with the WAL it needs streamed alongside. */
export function takeBaseBackup(cluster: Cluster): BaseBackup {
  const dir = path.join(cluster.pgDir, "base-backup");
  const started = Date.now();
  runAsPostgres(
    "pg_basebackup",
    [
      `--dbname=host=127.0.0.1 port=${cluster.ports.haproxyPostgres} user=replicator`,
      `--pgdata=${dir}`,
      "--wal-method=stream",
      "--checkpoint=fast",
      "--no-password",
    ],
    { PGPASSWORD: cluster.replicationPassword },
  );
  return { dir, takenAt: new Date(started).toISOString(), seconds: (Date.now() - started) / 1000 };
}

/**
 * Closes the current WAL segment on the primary and waits until a member archived it: everything
 * committed before this call is then in the archive.
 */
export async function archiveCurrentWal(cluster: Cluster): Promise<string> {
  const client = new pg.Client({ connectionString: cluster.superuserUrl });
  await client.connect();
  let walFile: string;
  try {
    const row = await client.query<{ file: string }>("SELECT pg_walfile_name(pg_switch_wal()) AS file");
    walFile = row.rows[0].file;
  } finally {
    await client.end();
  }
  await waitFor(`WAL segment ${walFile} in the archive`, 60_000, async () =>
    readdirSync(cluster.archiveDir).some((member) => existsSync(path.join(cluster.archiveDir, member, walFile)))
      ? true
      : undefined,
  );
  return walFile;
}

export interface RestoreResult {
  readonly restoredTo: string;
  readonly recoverySeconds: number;
  readonly timeline: number;
  readonly transfersInRestore: number;
  /** Transfers acknowledged before the archived point and absent from the restore (target 0). */
  readonly missing: number;
  readonly reconcileViolations: string[];
  readonly ledgerTransfers: number;
}

/**
 * Restores `backup` into a fresh single PostgreSQL on a free port (its own configuration: no Patroni,
 * no replication, no synchronous standby), replays the archive to its end, then checks that every
 * `acknowledgedKeys` transfer is there and that the ledger reconciles.
 */
export async function restoreAndCheck(
  cluster: Cluster,
  backup: BaseBackup,
  acknowledgedKeys: readonly string[],
  keyPrefix: string,
): Promise<RestoreResult> {
  const dataDir = path.join(cluster.pgDir, "restored");
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(backup.dir, dataDir, { recursive: true });
  const owner = userIds(PG_USER);
  chownRecursive(dataDir, owner.uid, owner.gid);
  chmodSync(dataDir, 0o700);
  const port = await findFreePort();
  const sockets = path.join(cluster.pgDir, "sockets");
  // A fresh configuration replaces the one Patroni wrote: a single server recovering from the archive.
  const settings = [
    "listen_addresses = '127.0.0.1'",
    `port = ${port}`,
    `unix_socket_directories = '${sockets}'`,
    "max_connections = 200", // at least the primary's, or recovery refuses to run
    `restore_command = '${restoreCommand(cluster.archiveDir).replaceAll("'", "''")}'`,
    "recovery_target_timeline = 'latest'",
    "archive_mode = off",
    "hot_standby = on",
    "",
  ];
  writeFileSync(path.join(dataDir, "postgresql.conf"), settings.join("\n"));
  writeFileSync(path.join(dataDir, "postgresql.auto.conf"), "");
  writeFileSync(
    path.join(dataDir, "pg_hba.conf"),
    ["local all all trust", "host all all 127.0.0.1/32 scram-sha-256", ""].join("\n"),
  );
  writeFileSync(path.join(dataDir, "recovery.signal"), "");
  for (const file of ["postgresql.conf", "postgresql.auto.conf", "pg_hba.conf", "recovery.signal"]) {
    chownSync(path.join(dataDir, file), owner.uid, owner.gid);
  }
  const logFile = path.join(cluster.logDir, "restored-postgres.log");
  writeFileSync(logFile, "");
  chownSync(logFile, owner.uid, owner.gid);
  const started = Date.now();
  log(`restoring the base backup into a fresh PostgreSQL on port ${port} (recovery from the archive)`);
  runAsPostgres("pg_ctl", ["start", "-D", dataDir, "-l", logFile, "-w", "-t", "300"]);
  try {
    const url = `postgres://postgres:${cluster.superuserPassword}@127.0.0.1:${port}/${DATABASE_NAME}`;
    await waitFor("the restored server to finish recovery", 300_000, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const row = await client.query<{ recovering: boolean }>("SELECT pg_is_in_recovery() AS recovering");
        return row.rows[0].recovering ? undefined : true;
      } finally {
        await client.end();
      }
    });
    const recoverySeconds = (Date.now() - started) / 1000;
    const database = openDatabase(url, 4);
    try {
      const present = await database.pool.query<{ idempotency_key: string }>(
        "SELECT idempotency_key FROM transfers WHERE idempotency_key LIKE $1",
        [`${keyPrefix}%`],
      );
      const presentKeys = new Set(present.rows.map((row) => row.idempotency_key));
      const missing = acknowledgedKeys.filter((key) => !presentKeys.has(key)).length;
      const timeline = await database.pool.query<{ timeline_id: number }>(
        "SELECT timeline_id FROM pg_control_checkpoint()",
      );
      const report = await reconcileLedger(database.db);
      return {
        restoredTo: new Date().toISOString(),
        recoverySeconds,
        timeline: Number(timeline.rows[0].timeline_id),
        transfersInRestore: presentKeys.size,
        missing,
        reconcileViolations: report.violations,
        ledgerTransfers: Number(report.transfers),
      };
    } finally {
      await database.close();
    }
  } finally {
    runAsPostgres("pg_ctl", ["stop", "-D", dataDir, "-m", "fast", "-w"]);
    await sleep(100);
  }
}

function chownRecursive(dir: string, uid: number, gid: number): void {
  chownSync(dir, uid, gid);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      chownRecursive(full, uid, gid);
    } else {
      chownSync(full, uid, gid);
    }
  }
}
