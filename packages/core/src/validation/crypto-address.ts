import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { utf8ToBytes } from "@noble/hashes/utils.js";
import { type BytesCoder, base58, bech32, bech32m, createBase58check } from "@scure/base";
import { invalidAddressMessage, nonAsciiCharacterMessage, VALIDATION_MESSAGES } from "./messages.ts";
import { CRYPTO_NETWORKS, type CryptoNetworkId, isCryptoNetworkId } from "./networks.ts";
import { findNonAsciiCharacter } from "./normalize.ts";
import type { ValidationResult } from "./result.ts";

/**
 * The texts for addresses that decode but could never be spent from. They sit here rather than in
 * `VALIDATION_MESSAGES` only while messages.ts is being reworked for the bank rules of issue 19; they
 * belong there next to the other address messages.
 */
export const UNSPENDABLE_ADDRESS_MESSAGES = {
  taprootKeyOffCurve:
    "This taproot address does not hold a valid public key: coins sent there could never be spent. Copy it again from the wallet.",
  burnAddress: "This address is a known burn address: coins sent there can never be spent",
  tokenContract: "This is the token's contract address, not a wallet. Sending to it loses the money.",
} as const;

/**
 * No valid address is longer than a 90-character bech32 string. The cap bounds the work done on
 * pasted junk, since base58 decoding is quadratic in the length.
 */
const MAX_ADDRESS_LENGTH = 128;

/** Base58Check: payload plus the first 4 bytes of a double SHA-256 (Bitcoin legacy, Tron). */
const base58check = createBase58check(sha256);
/** Version byte + 20-byte hash + 4-byte checksum. */
const BASE58_ADDRESS_BYTES = 25;

const BITCOIN_P2PKH_VERSION = 0x00;
const BITCOIN_P2SH_VERSION = 0x05;
const BITCOIN_TESTNET_VERSIONS: readonly number[] = [0x6f, 0xc4];
const BITCOIN_MAINNET_HRP = "bc";
/** Testnet/signet ("tb") and regtest ("bcrt"): coins there are worthless, so a payout there is lost. */
const BITCOIN_TESTNET_HRPS: readonly string[] = ["tb", "bcrt"];
/** BIP-173: at most 90 characters; the data part is the charset below plus a 6-character checksum. */
const BECH32_MAX_LENGTH = 90;
const BECH32_DATA_PART = /^[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{6,}$/;

/** Tron mainnet addresses are version byte 0x41, which base58-encodes to a leading "T". */
const TRON_VERSION = 0x41;

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * The zero address (where tokens are burnt, and what a blank field often becomes) and the conventional
 * "dead" sink, in EIP-55 form as stored; the same on every EVM chain.
 */
const EVM_BURN_ADDRESSES: readonly string[] = [
  "0x0000000000000000000000000000000000000000",
  "0x000000000000000000000000000000000000dEaD",
];

/**
 * Well-formed addresses that nobody can spend from, in the form Ferry stores them. Sending there burns
 * the coins, and people paste them by mistake from explorers, docs and tests. Kept small on purpose:
 * only addresses whose keys are provably unknown (all-zero hashes and programs: spending needs a key or
 * script that hashes to zero) or that the ecosystem uses as its burn sink.
 */
const BURN_ADDRESSES: Readonly<Record<CryptoNetworkId, readonly string[]>> = {
  bitcoin: [
    // P2PKH and P2SH of hash160 = 20 zero bytes.
    "1111111111111111111114oLvT2",
    "31h1vYVSYuKP6AhS86fbRdMw9XHieotbST",
    // All-zero P2WPKH (20 bytes) and P2WSH (32 bytes) programs.
    "bc1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq9e75rs",
    "bc1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqthqst8",
    // The all-zero P2TR program is not listed: x = 0 is not on secp256k1 (7 is not a square mod p), so
    // the taproot curve check already refuses it, as it refuses every other unspendable output key.
  ],
  ethereum: EVM_BURN_ADDRESSES,
  polygon: EVM_BURN_ADDRESSES,
  bsc: EVM_BURN_ADDRESSES,
  // Tron's zero address: version byte 0x41 and 20 zero bytes.
  tron: ["T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb"],
};

/**
 * The contracts of the tokens Ferry sends on each EVM network (USDT, USDC, and ETH where it is a
 * token), in EIP-55 form as stored. A token's contract is not a wallet: tokens sent to it stay there
 * for good (USDT's own contract on Ethereum holds millions sent by mistake). They are refused on every
 * EVM network, not only their own: on another chain the same address is one nobody holds a key to.
 * Addresses as Tether and Circle publish them and as the chains' explorers and wallets' token lists
 * agree (issue 24); each passes its EIP-55 checksum, so none is mistyped.
 */
const EVM_TOKEN_CONTRACTS: readonly string[] = [
  // Ethereum
  "0xdAC17F958D2ee523a2206206994597C13D831ec7", // USDT (Tether USD)
  "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", // USDC (Circle)
  // Polygon PoS
  "0xc2132D05D31c914a87C6611C10748AEb04B58e8F", // USDT ((PoS) Tether USD)
  "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359", // USDC (Circle, native)
  "0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174", // USDC.e (USDC bridged from Ethereum, before native USDC)
  "0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619", // WETH: ether on Polygon is this token
  // BNB Smart Chain
  "0x55d398326f99059fF775485246999027B3197955", // USDT (Binance-Peg BSC-USD)
  "0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d", // USDC (Binance-Peg USD Coin)
  "0x2170Ed0880ac9A755fd29B2688956BD959F933F8", // ETH (Binance-Peg Ethereum Token)
];

/** Token contracts refused as destinations, per network, in the form Ferry stores addresses. */
const TOKEN_CONTRACTS: Readonly<Record<CryptoNetworkId, readonly string[]>> = {
  bitcoin: [],
  ethereum: EVM_TOKEN_CONTRACTS,
  polygon: EVM_TOKEN_CONTRACTS,
  bsc: EVM_TOKEN_CONTRACTS,
  // USDT (Tether USD, TRC-20); Base58Check, so a mistyped one would not decode.
  tron: ["TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"],
};

/**
 * Checks that `address` can receive funds on `network` and returns it in the form Ferry stores:
 * - Bitcoin: mainnet P2PKH/P2SH (Base58Check, version 0x00/0x05), segwit v0 (bech32, 20- or 32-byte
 *   program) and v1+ (bech32m, e.g. taproot) per BIP-173/BIP-350; bech32 is returned in lower case.
 * - Ethereum, Polygon, BSC: `0x` + 40 hex digits; a mixed-case address must match its EIP-55 checksum,
 *   a single-case one carries no checksum. Returned in EIP-55 form.
 * - Tron: Base58Check with version byte 0x41 (starts with "T").
 * A taproot address must hold a valid secp256k1 x-only key (BIP-341), and the known burn addresses
 * in `BURN_ADDRESSES` and the token contracts in `TOKEN_CONTRACTS` are refused on every network.
 * Surrounding whitespace from copy and paste is ignored; any other character above ASCII is refused
 * before anything is case-folded, as in bank details (normalize.ts): `toLowerCase()` turns the Kelvin
 * sign into "k", so a bech32 address holding one would otherwise be stored as one nobody typed.
 */
export function validateCryptoAddress(network: CryptoNetworkId, address: string): ValidationResult {
  // Callers outside TypeScript (a request body) may pass anything; an unknown network is never valid.
  if (!isCryptoNetworkId(network)) {
    return { ok: false, message: VALIDATION_MESSAGES.chooseNetwork };
  }
  const text = address.trim();
  const { shortName } = CRYPTO_NETWORKS[network];
  if (text.length === 0 || text.length > MAX_ADDRESS_LENGTH) {
    return invalid(shortName);
  }
  const nonAscii = findNonAsciiCharacter(text);
  if (nonAscii !== undefined) {
    return { ok: false, message: nonAsciiCharacterMessage(nonAscii) };
  }
  const result = validateAddressFormat(network, text, shortName);
  if (result.ok && BURN_ADDRESSES[network].includes(result.normalized)) {
    return { ok: false, message: UNSPENDABLE_ADDRESS_MESSAGES.burnAddress };
  }
  if (result.ok && TOKEN_CONTRACTS[network].includes(result.normalized)) {
    return { ok: false, message: UNSPENDABLE_ADDRESS_MESSAGES.tokenContract };
  }
  return result;
}

function validateAddressFormat(network: CryptoNetworkId, text: string, shortName: string): ValidationResult {
  switch (network) {
    case "bitcoin":
      return validateBitcoinAddress(text);
    case "ethereum":
    case "polygon":
    case "bsc":
      return validateEvmAddress(text, shortName);
    case "tron":
      return validateTronAddress(text);
  }
}

function validateBitcoinAddress(text: string): ValidationResult {
  const lower = text.toLowerCase();
  const hasBech32Prefix = [BITCOIN_MAINNET_HRP, ...BITCOIN_TESTNET_HRPS].some((hrp) => lower.startsWith(`${hrp}1`));
  if (hasBech32Prefix) {
    return validateSegwitAddress(text);
  }
  return validateBase58BitcoinAddress(text);
}

/** BIP-173 (bech32, witness v0) and BIP-350 (bech32m, witness v1 to v16) decoding rules. */
function validateSegwitAddress(text: string): ValidationResult {
  const lower = text.toLowerCase();
  // BIP-173: decoders must not accept mixed case; the checksum is computed over the lower-case form.
  if (text !== lower && text !== text.toUpperCase()) {
    return { ok: false, message: VALIDATION_MESSAGES.bitcoinMixedCase };
  }
  const dataPart = lower.slice(lower.lastIndexOf("1") + 1);
  if (lower.length > BECH32_MAX_LENGTH || !BECH32_DATA_PART.test(dataPart)) {
    return invalid("Bitcoin");
  }
  const asBech32 = bech32.decodeUnsafe(lower) || undefined;
  const asBech32m = bech32m.decodeUnsafe(lower) || undefined;
  const decoded = asBech32 ?? asBech32m;
  if (decoded === undefined) {
    return { ok: false, message: VALIDATION_MESSAGES.checksumMismatch };
  }
  if (BITCOIN_TESTNET_HRPS.includes(decoded.prefix)) {
    return { ok: false, message: VALIDATION_MESSAGES.bitcoinTestnet };
  }
  if (decoded.prefix !== BITCOIN_MAINNET_HRP) {
    return invalid("Bitcoin");
  }
  const [version, ...programWords] = decoded.words;
  if (version === undefined || version > 16) {
    return invalid("Bitcoin");
  }
  // Rejects more than 4 bits of padding and non-zero padding (BIP-173 decoding rules).
  const program = bech32.fromWordsUnsafe(programWords) || undefined;
  if (program === undefined || program.length < 2 || program.length > 40) {
    return invalid("Bitcoin");
  }
  // BIP-141: a version 0 program is a 20-byte key hash (P2WPKH) or a 32-byte script hash (P2WSH).
  if (version === 0 && program.length !== 20 && program.length !== 32) {
    return invalid("Bitcoin");
  }
  // BIP-350: v0 must use bech32 and v1+ bech32m; a string valid in the other variant is a corrupted address.
  const isExpectedVariant = version === 0 ? asBech32 !== undefined : asBech32m !== undefined;
  if (!isExpectedVariant) {
    return { ok: false, message: VALIDATION_MESSAGES.checksumMismatch };
  }
  // Valid encodings, but outputs of witness versions above 1 (and v1 programs other than taproot's
  // 32 bytes) can be spent by anyone today: sending there would lose the money.
  if (version > 1 || (version === 1 && program.length !== 32)) {
    return { ok: false, message: VALIDATION_MESSAGES.unsafeWitnessVersion };
  }
  // BIP-341: a taproot program is an x-only output key; one that is not on the curve has no private
  // key and no script tree, so nothing sent there can ever be spent.
  if (version === 1 && !isTaprootOutputKey(program)) {
    return { ok: false, message: UNSPENDABLE_ADDRESS_MESSAGES.taprootKeyOffCurve };
  }
  return { ok: true, normalized: lower };
}

/**
 * BIP-340 lift_x: the 32 bytes are an x-coordinate below the field size p with x³ + 7 a square mod p.
 * A compressed encoding with an even-y prefix runs exactly those checks.
 */
function isTaprootOutputKey(xOnlyKey: Uint8Array): boolean {
  const compressed = new Uint8Array(1 + xOnlyKey.length);
  compressed[0] = 0x02;
  compressed.set(xOnlyKey, 1);
  try {
    secp256k1.Point.fromBytes(compressed);
    return true;
  } catch {
    return false;
  }
}

function validateBase58BitcoinAddress(text: string): ValidationResult {
  const raw = tryDecode(base58, text);
  if (raw === undefined || raw.length !== BASE58_ADDRESS_BYTES) {
    return invalid("Bitcoin");
  }
  const payload = tryDecode(base58check, text);
  if (payload === undefined) {
    return { ok: false, message: VALIDATION_MESSAGES.checksumMismatch };
  }
  const version = payload[0];
  if (BITCOIN_TESTNET_VERSIONS.includes(version)) {
    return { ok: false, message: VALIDATION_MESSAGES.bitcoinTestnet };
  }
  if (version !== BITCOIN_P2PKH_VERSION && version !== BITCOIN_P2SH_VERSION) {
    return invalid("Bitcoin");
  }
  return { ok: true, normalized: text };
}

function validateEvmAddress(text: string, shortName: string): ValidationResult {
  if (!EVM_ADDRESS.test(text)) {
    return invalid(shortName);
  }
  const hex = text.slice(2);
  const checksummed = toEip55Address(hex.toLowerCase());
  // EIP-55: only mixed case carries a checksum; all-lower and all-upper addresses predate it.
  const isSingleCase = hex === hex.toLowerCase() || hex === hex.toUpperCase();
  if (!isSingleCase && text !== checksummed) {
    return { ok: false, message: VALIDATION_MESSAGES.checksumMismatch };
  }
  return { ok: true, normalized: checksummed };
}

/**
 * EIP-55: upper-case the i-th hex letter when the i-th nibble of keccak-256(lower-case hex, as
 * ASCII) is 8 or more.
 */
function toEip55Address(lowerHex: string): string {
  const hash = keccak_256(utf8ToBytes(lowerHex));
  let result = "0x";
  for (let i = 0; i < lowerHex.length; i++) {
    const hashByte = hash[i >> 1];
    const nibble = i % 2 === 0 ? hashByte >> 4 : hashByte & 0x0f;
    result += nibble >= 8 ? lowerHex[i].toUpperCase() : lowerHex[i];
  }
  return result;
}

function validateTronAddress(text: string): ValidationResult {
  const raw = text.startsWith("T") ? tryDecode(base58, text) : undefined;
  if (raw === undefined || raw.length !== BASE58_ADDRESS_BYTES) {
    return invalid("Tron");
  }
  const payload = tryDecode(base58check, text);
  if (payload === undefined) {
    return { ok: false, message: VALIDATION_MESSAGES.checksumMismatch };
  }
  if (payload[0] !== TRON_VERSION) {
    return invalid("Tron");
  }
  return { ok: true, normalized: text };
}

/** The coders throw on bad input; here bad input is an expected answer, not an exception. */
function tryDecode(coder: BytesCoder, text: string): Uint8Array | undefined {
  try {
    return coder.decode(text);
  } catch {
    return undefined;
  }
}

function invalid(networkShortName: string): ValidationResult {
  return { ok: false, message: invalidAddressMessage(networkShortName) };
}
