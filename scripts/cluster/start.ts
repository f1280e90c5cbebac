/**
 * `npm run cluster`: the loopback cluster of docs/operations.md (three etcd members, three
 * PostgreSQL 15 members under Patroni, HAProxy, three Ferry processes), until Ctrl-C stops it all.
 */
import { rmSync } from "node:fs";
import { describeCluster, log, startCluster } from "./cluster.ts";

const cluster = await startCluster().catch((error: unknown) => {
  console.error(`✖ The cluster did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
console.log(describeCluster(cluster));
console.log("  Ctrl-C stops everything and removes the directory.\n");

let isStopping = false;
async function stop(signal: string): Promise<void> {
  if (isStopping) {
    return;
  }
  isStopping = true;
  log(`${signal}: stopping Ferry, HAProxy, Patroni and PostgreSQL, then etcd`);
  await cluster.stop();
  rmSync(cluster.baseDir, { recursive: true, force: true });
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
