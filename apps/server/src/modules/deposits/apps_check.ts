import { HDKey } from "@scure/bip32";
import { mnemonicToSeedSync } from "@scure/bip39";
import {
  DEPOSIT_NETWORKS,
  deriveDepositAddress,
  parseAccountKey,
} from "/work/main/apps/server/src/modules/deposits/addresses.ts";

const seed = mnemonicToSeedSync(
  "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about",
);
const master = HDKey.fromMasterSeed(seed);
for (const n of ["bitcoin", "ethereum", "tron"] as const) {
  const xpub = master.derive(DEPOSIT_NETWORKS[n].path).publicExtendedKey;
  console.log(n, deriveDepositAddress(n, parseAccountKey(xpub), 0), deriveDepositAddress(n, parseAccountKey(xpub), 1));
}
