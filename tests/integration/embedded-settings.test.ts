// The embedded PostgreSQL's checkpoint settings (db/embedded.ts, decision 055): checkpoints at most
// every 15 minutes or 4 GB of WAL, so a sustained load is not logged twice in full-page images.
import pg from "pg";
import { expect, inject, test } from "vitest";

test("the embedded PostgreSQL checkpoints every 15 minutes or 4 GB of WAL", async () => {
  const client = new pg.Client({ connectionString: inject("databaseUrl") });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; setting: string; unit: string | null }>(
      "SELECT name, setting, unit FROM pg_settings WHERE name IN ('max_wal_size', 'checkpoint_timeout') ORDER BY name",
    );
    expect(rows).toEqual([
      { name: "checkpoint_timeout", setting: "900", unit: "s" },
      { name: "max_wal_size", setting: "4096", unit: "MB" },
    ]);
  } finally {
    await client.end();
  }
});
