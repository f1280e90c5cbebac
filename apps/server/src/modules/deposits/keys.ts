import { DepositNetwork } from "@ferry/core/contracts/deposits";
import type { HDKey } from "@scure/bip32";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { generateDevelopmentAccountKeys, parseAccountKey } from "./addresses.ts";
import { insertSettingIfMissing, selectSettingsWithPrefix } from "./queries.ts";

export type DepositAccountKeys = Readonly<Record<DepositNetwork, HDKey>>;

const SETTING_PREFIX = "deposit_xpub_";

/**
 * The account-level public keys deposit addresses are derived from: from the configuration when set,
 * else from the database. Outside production, a missing set is generated once (public parts only)
 * and stored, so addresses stay the same across restarts. Production refuses to start without them.
 */
export async function loadDepositKeys(db: Database, config: Config): Promise<DepositAccountKeys> {
  const networks = DepositNetwork.options;
  const stored = await selectSettingsWithPrefix(db, SETTING_PREFIX);
  const fromDatabase = new Map(stored.map((row) => [row.key.slice(SETTING_PREFIX.length), row.value]));
  const missing = networks.filter((network) => !config.depositAccountKeys[network] && !fromDatabase.has(network));
  if (missing.length > 0) {
    if (config.isProduction) {
      throw new Error(`Deposit keys missing for ${missing.join(", ")}: set DEPOSIT_XPUB_<NETWORK>`);
    }
    const generated = generateDevelopmentAccountKeys();
    for (const network of missing) {
      await insertSettingIfMissing(db, `${SETTING_PREFIX}${network}`, generated[network]);
    }
    return loadDepositKeys(db, config);
  }
  const keys = {} as Record<DepositNetwork, HDKey>;
  for (const network of networks) {
    keys[network] = parseAccountKey(config.depositAccountKeys[network] ?? fromDatabase.get(network) ?? "");
  }
  return keys;
}
