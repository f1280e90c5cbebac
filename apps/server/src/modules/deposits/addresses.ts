import { DepositNetwork } from "@ferry/core/contracts/deposits";
import { validateCryptoAddress } from "@ferry/core/validation/crypto-address";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { ripemd160 } from "@noble/hashes/legacy.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bech32, createBase58check } from "@scure/base";
import { HDKey } from "@scure/bip32";

/**
 * The standard account path of each network Ferry receives crypto deposits on (which networks, and
 * their names, are core's `DepositNetwork` and `CRYPTO_NETWORKS`).
 */
export const DEPOSIT_ACCOUNT_PATHS: Readonly<Record<DepositNetwork, string>> = {
  bitcoin: "m/84'/0'/0'",
  ethereum: "m/44'/60'/0'",
  tron: "m/44'/195'/0'",
};

// SLIP-132 version bytes of a BIP84 account key ("zpub"); a plain "xpub" uses BIP32's defaults.
const ZPUB_VERSIONS = { private: 0x04b2430c, public: 0x04b24746 };
const base58check = createBase58check(sha256);
const TRON_ADDRESS_VERSION = 0x41;

/** Reads an account-level extended public key (xpub, or zpub for BIP84); refuses private keys. */
export function parseAccountKey(extendedKey: string): HDKey {
  const key = extendedKey.startsWith("zpub")
    ? HDKey.fromExtendedKey(extendedKey, ZPUB_VERSIONS)
    : HDKey.fromExtendedKey(extendedKey);
  if (key.privateKey) {
    throw new Error("A deposit key must be public: Ferry never holds private keys");
  }
  return key;
}

function ethereumStyleHash(compressedPublicKey: Uint8Array): Uint8Array {
  const uncompressed = secp256k1.Point.fromBytes(compressedPublicKey).toBytes(false);
  return keccak_256(uncompressed.slice(1)).slice(-20);
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The deposit address number `index` of a network, derived from the operator's account-level
 * extended public key on the external chain (`…/0/index`): Bitcoin native segwit (BIP84, P2WPKH),
 * Ethereum (BIP44 coin 60, EIP-55 checksummed) and Tron (BIP44 coin 195, base58check 0x41).
 */
export function deriveDepositAddress(network: DepositNetwork, accountKey: HDKey, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) {
    throw new RangeError(`Deposit address index must be a non-hardened child number, got ${index}`);
  }
  const publicKey = accountKey.deriveChild(0).deriveChild(index).publicKey;
  if (!publicKey) {
    throw new Error("Derived key has no public key");
  }
  if (network === "bitcoin") {
    const program = ripemd160(sha256(publicKey));
    return bech32.encode("bc", [0, ...bech32.toWords(program)]);
  }
  const hash = ethereumStyleHash(publicKey);
  if (network === "ethereum") {
    const checked = validateCryptoAddress("ethereum", `0x${toHex(hash)}`);
    if (!checked.ok) {
      throw new Error(`Derived an invalid Ethereum address: ${checked.message}`);
    }
    return checked.normalized;
  }
  return base58check.encode(Uint8Array.from([TRON_ADDRESS_VERSION, ...hash]));
}

/**
 * Development only: makes a fresh random key, and returns the three account-level public keys.
 * The private part is dropped at once; deposits sent to these addresses cannot be spent by anyone.
 */
export function generateDevelopmentAccountKeys(): Record<DepositNetwork, string> {
  const master = HDKey.fromMasterSeed(crypto.getRandomValues(new Uint8Array(32)));
  const keys = {} as Record<DepositNetwork, string>;
  for (const network of DepositNetwork.options) {
    keys[network] = master.derive(DEPOSIT_ACCOUNT_PATHS[network]).publicExtendedKey;
  }
  return keys;
}
