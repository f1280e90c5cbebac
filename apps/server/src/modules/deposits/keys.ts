import type { HDKey } from "@scure/bip32";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { DEPOSIT_NETWORKS, type DepositNetwork, generateDevelopmentAccountKeys, parseAccountKey } from "./addresses.ts";

export type DepositAccountKeys = Readonly<Record<DepositNetwork, HDKey>>;

const SETTING_PREFIX = "deposit_xpub_";

/**
 * The account-level public keys deposit addresses are derived from: from the configuration when set,
 * else from the database. Outside production, a missing set is generated once (public parts only)
 * and stored, so addresses stay the same across restarts. Production refuses to start without them.
 */
export async function loadDepositKeys(db: Database, config: Config): Promise<DepositAccountKeys> {
  const networks = Object.keys(DEPOSIT_NETWORKS) as DepositNetwork[];
  const stored = await db
    .selectFrom("operator_settings")
    .select(["key", "value"])
    .where("key", "like", `${SETTING_PREFIX}%`)
    .execute();
  const fromDatabase = new Map(stored.map((row) => [row.key.slice(SETTING_PREFIX.length), row.value]));
  const missing = networks.filter((network) => !config.depositAccountKeys[network] && !fromDatabase.has(network));
  if (missing.length > 0) {
    if (config.isProduction) {
      throw new Error(`Deposit keys missing for ${missing.join(", ")}: set DEPOSIT_XPUB_<NETWORK>`);
    }
    const generated = generateDevelopmentAccountKeys();
    for (const network of missing) {
      await db
        .insertInto("operator_settings")
        .values({ key: `${SETTING_PREFIX}${network}`, value: generated[network] })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    return loadDepositKeys(db, config);
  }
  const keys = {} as Record<DepositNetwork, HDKey>;
  for (const network of networks) {
    keys[network] = parseAccountKey(config.depositAccountKeys[network] ?? fromDatabase.get(network) ?? "");
  }
  return keys;
}
