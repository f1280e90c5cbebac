// The embedded PostgreSQL's settings (db/embedded.ts, decision 055): checkpoints every 15 minutes, with
// WAL enough that a sustained load does not start them sooner, and the full-page images written after
// each one compressed; and the way in, the cluster's Unix socket, which costs less CPU per round trip
// than loopback TCP.
import pg from "pg";
import { expect, inject, test } from "vitest";

test("the embedded PostgreSQL checkpoints every 15 minutes or 16 GB of WAL, compressing full-page images", async () => {
  const client = new pg.Client({ connectionString: inject("databaseUrl") });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; setting: string; unit: string | null }>(
      "SELECT name, setting, unit FROM pg_settings WHERE name IN ('max_wal_size', 'checkpoint_timeout', 'wal_compression') ORDER BY name",
    );
    expect(rows).toEqual([
      { name: "checkpoint_timeout", setting: "900", unit: "s" },
      { name: "max_wal_size", setting: "16384", unit: "MB" },
      { name: "wal_compression", setting: "pglz", unit: null },
    ]);
  } finally {
    await client.end();
  }
});

/** The address the server saw the connection arrive on: null over a Unix socket. */
async function serverAddressOf(connectionString: string): Promise<string | null> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ address: string | null }>("SELECT host(inet_server_addr()) AS address");
    return rows[0]?.address ?? null;
  } finally {
    await client.end();
  }
}

test("the embedded PostgreSQL's own URL goes through its Unix socket, and TCP on 127.0.0.1 still answers", async () => {
  const url = new URL(inject("databaseUrl"));
  expect(url.searchParams.get("host")).toMatch(/postgres$/);
  expect(await serverAddressOf(url.toString())).toBeNull();
  url.searchParams.delete("host");
  expect(await serverAddressOf(url.toString())).toBe("127.0.0.1");
});
