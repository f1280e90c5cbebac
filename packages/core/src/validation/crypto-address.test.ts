import { readFileSync } from "node:fs";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { bech32, bech32m, createBase58check } from "@scure/base";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { UNSPENDABLE_ADDRESS_MESSAGES, validateCryptoAddress } from "./crypto-address.ts";
import { VALIDATION_MESSAGES } from "./messages.ts";

/*
 * Published vectors from outside the project, committed under ./fixtures as JSON files whose "source"
 * key names the repository, commit, file and licence of each: the BIP-173 and BIP-350 test vectors,
 * bitcoinjs-lib's address fixtures and the EIP-55 test cases. A few more published addresses (Bitcoin
 * Core's key_io_valid.json, the genesis coinbase, Tether's contract) are inline below, each under its
 * source. None is invented; mutations (one character changed, one letter's case flipped) are made in
 * the test itself or, for EIP-55, marked "derivedFrom" in the fixture.
 */

/** Reads a JSON fixture next to this file and checks its shape, so a damaged fixture fails loudly. */
function readJsonFixture<T>(name: string, schema: z.ZodType<T>): T {
  const text = readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
  return schema.parse(JSON.parse(text));
}

const FixtureSource = z.object({
  repository: z.url(),
  commit: z.string().regex(/^[0-9a-f]{40}$/),
  licence: z.string().min(1),
});

const ValidSegwitVector = z.object({ address: z.string(), scriptPubKey: z.string().regex(/^[0-9a-f]+$/) });
const InvalidSegwitVector = z.object({ address: z.string(), reason: z.string() });
const InvalidBech32Vector = z.object({ string: z.string(), reason: z.string() });

const BipVectors = z.object({
  source: FixtureSource,
  bip173: z.object({
    examples: z.array(z.object({ address: z.string(), description: z.string() })),
    validBech32: z.array(z.string()),
    invalidBech32: z.array(InvalidBech32Vector),
    validSegwitAddresses: z.array(ValidSegwitVector),
    invalidSegwitAddresses: z.array(InvalidSegwitVector),
  }),
  bip173FirstRevision: z.object({ invalidSegwitAddresses: z.array(InvalidSegwitVector) }),
  bip350: z.object({
    validBech32m: z.array(z.string()),
    invalidBech32m: z.array(InvalidBech32Vector),
    validSegwitAddresses: z.array(ValidSegwitVector),
    invalidSegwitAddresses: z.array(InvalidSegwitVector),
  }),
});

const BitcoinjsNetwork = z.enum(["bitcoin", "testnet", "regtest", "litecoin"]);
const BitcoinjsInvalidVector = z.object({
  address: z.string(),
  exception: z.string().optional(),
  paymentException: z.string().optional(),
  network: z.object({ bech32: z.string() }).optional(),
});

const BitcoinjsVectors = z.object({
  source: FixtureSource,
  standard: z.array(
    z.union([
      z.object({ network: BitcoinjsNetwork, version: z.number().int(), base58check: z.string() }),
      z.object({ network: BitcoinjsNetwork, version: z.number().int(), bech32: z.string() }),
    ]),
  ),
  bech32: z.array(z.object({ address: z.string(), version: z.number().int(), prefix: z.enum(["bc", "tb"]) })),
  invalid: z.object({
    bech32: z.array(BitcoinjsInvalidVector),
    fromBase58Check: z.array(BitcoinjsInvalidVector),
    toOutputScript: z.array(BitcoinjsInvalidVector),
  }),
});

const Eip55Vectors = z.object({
  source: FixtureSource,
  allCaps: z.array(z.string()),
  allLower: z.array(z.string()),
  normal: z.array(z.string()),
  invalidMixedCase: z.array(z.object({ address: z.string(), derivedFrom: z.string(), flippedIndex: z.number().int() })),
});

const BIP = readJsonFixture("bip-173-350-vectors.json", BipVectors);
const BITCOINJS = readJsonFixture("bitcoinjs-lib-address.json", BitcoinjsVectors);
const EIP55 = readJsonFixture("eip-55-vectors.json", Eip55Vectors);

/** Which chain's coins an address receives, as its source states it. Only "main" is valid for Ferry. */
type Chain = "main" | "test" | "other";

/** BIP-173: the human-readable part "bc" is Bitcoin mainnet, "tb" testnet. */
const CHAIN_OF_HRP: Readonly<Record<string, Chain>> = { bc: "main", tb: "test" };
/** bitcoinjs-lib's network names: "bitcoin" is mainnet. */
const CHAIN_OF_BITCOINJS_NETWORK: Readonly<Record<z.infer<typeof BitcoinjsNetwork>, Chain>> = {
  bitcoin: "main",
  testnet: "test",
  regtest: "test",
  litecoin: "other",
};

function chainOfBech32Address(address: string): Chain {
  const lower = address.toLowerCase();
  const chain = CHAIN_OF_HRP[lower.slice(0, lower.lastIndexOf("1"))];
  if (chain === undefined) {
    throw new Error(`no chain known for the human-readable part of ${address}`);
  }
  return chain;
}

/** Bitcoin Core `src/test/data/key_io_valid.json`, chain "main", isPrivkey false. */
const BITCOIN_CORE_MAINNET_VALID = [
  "1FsSia9rv4NeEwvJ2GvXrX7LyxYspbN2mo",
  "36j4NfKv6Akva9amjWrLG6MuSQym1GuEmm",
  "1FjL87pn8ky6Vbavd1ZHeChRXtoxwRGCRd",
  "3BZECeAH8gSKkjrTx8PwMrNQBLG18yHpvf",
  "bc1qvyq0cc6rahyvsazfdje0twl7ez82ndmuac2lhv",
  "bc1qyucykdlhp62tezs0hagqury402qwhk589q80tqs5myh3rxq34nwqhkdhv7",
  "bc1p83n3au0rjylefxq2nc2xh2y4jzz4pm6zxj4mw5pagdjjr2a9f36s6jjnnu",
];

/** Bitcoin Core `key_io_valid.json`: a valid mainnet encoding of witness version 2. */
const BITCOIN_CORE_MAINNET_V2 = "bc1z2rksukkjr8";

/** Bitcoin Core `key_io_valid.json`, chains testnet4, signet and regtest. */
const BITCOIN_CORE_TEST_CHAINS = [
  "mzK2FFDEhxqHcmrJw1ysqFkVyhUULo45hZ",
  "2NC2hEhe28ULKAJkW5MjZ3jtTMJdvXmByvK",
  "n4fajahJrAuKbN7uNsKjLjQkz9Qn5ewJXQ",
  "2MxFajLApXpYk4VodBSZSt7rw8y4ryABkfA",
  "tb1qcrh3yqn4nlleplcez2yndq2ry8h9ncg3qh7n54",
  "tb1p35n52jy6xkm4wd905tdy8qtagrn73kqdz73xe4zxpvq9t3fp50aqk3s6gz",
  "bcrt1qdavt4j2sd7dlhqsavtnfxvzppw6k7qy97tmnu9",
];

/** Bitcoin Core `key_io_valid.json` mainnet private keys (WIF): Base58Check, but never an address. */
const BITCOIN_CORE_PRIVATE_KEYS = [
  "5JuW2AMDYu4xVwRG9DZW18VbzQrGcd5RCgb99sS6ehJsNQXu5b9",
  "L5nJeqKmpHp4P7F8ZYyjwc5a7P4d8EabuGAzfGJk7yC1BJyzNaEd",
];

/** The genesis block's coinbase address, and the P2SH example of the Bitcoin wiki's "Address" page. */
const GENESIS_ADDRESS = "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa";
const WIKI_P2SH_ADDRESS = "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy";

/** Tether's USDT (TRC-20) token contract on Tron mainnet. */
const TRON_USDT_CONTRACT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

/**
 * A Tron wallet: the first address (m/44'/195'/0'/0/0) of BIP-39's "abandon … about" test mnemonic,
 * as tests/integration/deposit-addresses.test.ts derives it.
 */
const TRON_WALLET = "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH";

/**
 * The token contracts of the tokens Ferry sends, by network, as their issuers and the chains'
 * explorers publish them: Tether's USDT and Circle's USDC, and ETH where it is a token (WETH on
 * Polygon, Binance-Peg ETH on BSC).
 */
const TOKEN_CONTRACTS_BY_NETWORK = {
  ethereum: ["0xdAC17F958D2ee523a2206206994597C13D831ec7", "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"],
  polygon: [
    "0xc2132D05D31c914a87C6611C10748AEb04B58e8F",
    "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359",
    "0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174",
    "0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619",
  ],
  bsc: [
    "0x55d398326f99059fF775485246999027B3197955",
    "0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d",
    "0x2170Ed0880ac9A755fd29B2688956BD959F933F8",
  ],
  tron: [TRON_USDT_CONTRACT],
} as const;

/** An address its source publishes as valid, and the chain the source gives it. */
interface PublishedAddress {
  source: string;
  address: string;
  chain: Chain;
}

/** A published address whose chain its bech32 human-readable part names. */
function publishedBech32(source: string, address: string): PublishedAddress {
  return { source, address, chain: chainOfBech32Address(address) };
}

/** Every published valid Bitcoin address: the fixtures' lists first, then the inline ones above. */
const PUBLISHED_VALID_BITCOIN: readonly PublishedAddress[] = [
  ...BIP.bip173.examples.map(({ address }) => publishedBech32("BIP-173 examples", address)),
  ...BIP.bip173.validSegwitAddresses.map(({ address }) => publishedBech32("BIP-173 valid segwit addresses", address)),
  ...BIP.bip350.validSegwitAddresses.map(({ address }) => publishedBech32("BIP-350 valid segwit addresses", address)),
  ...BITCOINJS.standard.map(
    (vector): PublishedAddress => ({
      source: `bitcoinjs-lib standard (${vector.network})`,
      address: "base58check" in vector ? vector.base58check : vector.bech32,
      chain: CHAIN_OF_BITCOINJS_NETWORK[vector.network],
    }),
  ),
  ...BITCOINJS.bech32.map(
    ({ address, prefix }): PublishedAddress => ({
      source: "bitcoinjs-lib bech32",
      address,
      chain: CHAIN_OF_HRP[prefix],
    }),
  ),
  ...[...BITCOIN_CORE_MAINNET_VALID, BITCOIN_CORE_MAINNET_V2].map(
    (address): PublishedAddress => ({ source: "Bitcoin Core key_io_valid.json", address, chain: "main" }),
  ),
  ...BITCOIN_CORE_TEST_CHAINS.map(
    (address): PublishedAddress => ({ source: "Bitcoin Core key_io_valid.json", address, chain: "test" }),
  ),
  { source: "Bitcoin genesis block", address: GENESIS_ADDRESS, chain: "main" },
  { source: "Bitcoin wiki", address: WIKI_P2SH_ADDRESS, chain: "main" },
];

/**
 * BIP-173's own valid list encodes witness v1, v2 and v16 with bech32. BIP-350 replaced that: v1+
 * must use bech32m, so these exact strings are invalid now (BIP-350 lists their bech32m forms).
 */
const SUPERSEDED_BY_BIP350 = [
  "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx",
  "BC1SW50QA3JX3S",
  "bc1zw508d6qejxtdg4y5r3zarvaryvg6kdaj",
];

/**
 * Published valid mainnet addresses that Ferry refuses on purpose. Each is a correct encoding, but
 * BIP-350 keeps witness v2 to v16 (and v1 programs other than taproot's 32 bytes) valid only so that
 * future soft forks can use them: today anyone can spend such an output, so a payout there is lost.
 * No published valid vector is a burn address or a taproot key off the curve; those refusals are
 * tested further down on addresses built in the test.
 */
const POLICY_REFUSALS = [
  {
    address: "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y",
    version: 1,
    programBytes: 40,
    reason: "witness v1 with a 40-byte program: not a taproot output (32 bytes), spendable by anyone",
  },
  { address: "BC1SW50QGDZ25J", version: 16, programBytes: 2, reason: "witness v16: undefined, spendable by anyone" },
  {
    address: "bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs",
    version: 2,
    programBytes: 16,
    reason: "witness v2: undefined, spendable by anyone",
  },
  {
    address: BITCOIN_CORE_MAINNET_V2,
    version: 2,
    programBytes: 2,
    reason: "witness v2: undefined, spendable by anyone",
  },
] as const;

/** How often the addresses of POLICY_REFUSALS occur among the published valid vectors. */
const POLICY_REFUSAL_COUNT = 8;

/** The messages of Ferry's own refusals of well-formed mainnet addresses. */
const POLICY_MESSAGES: readonly string[] = [
  VALIDATION_MESSAGES.unsafeWitnessVersion,
  UNSPENDABLE_ADDRESS_MESSAGES.taprootKeyOffCurve,
  UNSPENDABLE_ADDRESS_MESSAGES.burnAddress,
];

const NOT_A_BITCOIN_ADDRESS = { ok: false, message: "This is not a valid Bitcoin address" } as const;
const TESTNET = { ok: false, message: VALIDATION_MESSAGES.bitcoinTestnet } as const;
const CHECKSUM_MISMATCH = { ok: false, message: VALIDATION_MESSAGES.checksumMismatch } as const;

/** What Ferry must answer for a published valid address: only mainnet ones can be paid. */
function expectedKind(vector: PublishedAddress): "accepted" | "test chain" | "other chain" | "superseded" | "policy" {
  if (vector.chain === "test") {
    return "test chain";
  }
  if (vector.chain === "other") {
    return "other chain";
  }
  if (SUPERSEDED_BY_BIP350.includes(vector.address)) {
    return "superseded";
  }
  if (POLICY_REFUSALS.some((refusal) => refusal.address === vector.address)) {
    return "policy";
  }
  return "accepted";
}

/** The published valid addresses Ferry must answer with `kind`, as [address, source] rows for it.each. */
function publishedValidOfKind(kind: ReturnType<typeof expectedKind>): [string, string][] {
  return PUBLISHED_VALID_BITCOIN.filter((vector) => expectedKind(vector) === kind).map(({ address, source }) => [
    address,
    source,
  ]);
}

/** A string its source publishes as invalid (or as no address), with the source's reason. */
interface PublishedInvalid {
  source: string;
  text: string;
  reason: string;
}

function describeBitcoinjsInvalid(vector: z.infer<typeof BitcoinjsInvalidVector>): string {
  const reason = vector.exception ?? vector.paymentException ?? "invalid";
  if (vector.network === undefined) {
    return reason;
  }
  return `${reason} on a network whose bech32 prefix is "${vector.network.bech32}"`;
}

/**
 * Every published invalid Bitcoin address, plus the published valid bech32/bech32m strings and WIF
 * keys, which are no addresses. bitcoinjs-lib's "BC1SW50QGDZ25J" is invalid there only for a network
 * with prefix "foo"; on mainnet Ferry refuses it on policy (witness v16).
 */
const PUBLISHED_INVALID_BITCOIN: readonly PublishedInvalid[] = [
  ...BIP.bip173.invalidSegwitAddresses.map(({ address, reason }) => ({
    source: "BIP-173 invalid segwit addresses",
    text: address,
    reason,
  })),
  ...BIP.bip173FirstRevision.invalidSegwitAddresses.map(({ address, reason }) => ({
    source: "BIP-173 first revision, invalid segwit addresses",
    text: address,
    reason,
  })),
  ...BIP.bip350.invalidSegwitAddresses.map(({ address, reason }) => ({
    source: "BIP-350 invalid segwit addresses",
    text: address,
    reason,
  })),
  ...BIP.bip173.invalidBech32.map(({ string, reason }) => ({ source: "BIP-173 invalid Bech32", text: string, reason })),
  ...BIP.bip350.invalidBech32m.map(({ string, reason }) => ({
    source: "BIP-350 invalid Bech32m",
    text: string,
    reason,
  })),
  ...BIP.bip173.validBech32.map((text) => ({ source: "BIP-173 valid Bech32", text, reason: "no segwit address" })),
  ...BIP.bip350.validBech32m.map((text) => ({ source: "BIP-350 valid Bech32m", text, reason: "no segwit address" })),
  ...BITCOINJS.invalid.bech32.map((vector) => ({
    source: "bitcoinjs-lib invalid.bech32",
    text: vector.address,
    reason: describeBitcoinjsInvalid(vector),
  })),
  ...BITCOINJS.invalid.fromBase58Check.map((vector) => ({
    source: "bitcoinjs-lib invalid.fromBase58Check",
    text: vector.address,
    reason: describeBitcoinjsInvalid(vector),
  })),
  ...BITCOINJS.invalid.toOutputScript.map((vector) => ({
    source: "bitcoinjs-lib invalid.toOutputScript",
    text: vector.address,
    reason: describeBitcoinjsInvalid(vector),
  })),
  ...BITCOIN_CORE_PRIVATE_KEYS.map((text) => ({
    source: "Bitcoin Core key_io_valid.json",
    text,
    reason: "a WIF private key",
  })),
];

/** The invalid vectors with a reason containing `words`, on the mainnet prefix. */
function mainnetInvalidSegwit(words: string): string[] {
  return [...BIP.bip173.invalidSegwitAddresses, ...BIP.bip350.invalidSegwitAddresses]
    .filter(({ address, reason }) => reason.includes(words) && chainOfBech32Address(address) === "main")
    .map(({ address }) => address);
}

/** The witness version and program of a segwit address, decoded here without crypto-address.ts. */
function decodeSegwitAddress(address: string): { version: number; program: Uint8Array } {
  const lower = address.toLowerCase();
  const decoded = bech32.decodeUnsafe(lower) || bech32m.decodeUnsafe(lower) || undefined;
  if (decoded === undefined) {
    throw new Error(`not bech32 or bech32m: ${address}`);
  }
  const [version, ...programWords] = decoded.words;
  return { version, program: bech32.fromWords(programWords) };
}

/** BIP-141: OP_0 or OP_1..OP_16 (0x51..0x60), then a push of the program. */
function scriptPubKeyOf(address: string): string {
  const { version, program } = decodeSegwitAddress(address);
  const versionOpcode = version === 0 ? 0 : 0x50 + version;
  return bytesToHex(Uint8Array.of(versionOpcode, program.length, ...program));
}

const EIP55_ALL = [...EIP55.allCaps, ...EIP55.allLower, ...EIP55.normal];
const EVM_NETWORKS = ["ethereum", "polygon", "bsc"] as const;

const BASE58_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** The same string with the character at `index` replaced by the next one of the Base58 alphabet. */
function changeBase58Character(text: string, index: number): string {
  const next = BASE58_ALPHABET[(BASE58_ALPHABET.indexOf(text[index]) + 1) % BASE58_ALPHABET.length];
  return `${text.slice(0, index)}${next}${text.slice(index + 1)}`;
}

/** The same address with the case of the hex letter at `index` flipped. */
function flipCaseAt(address: string, index: number): string {
  const char = address[index];
  const flipped = char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase();
  return `${address.slice(0, index)}${flipped}${address.slice(index + 1)}`;
}

/** The positions of the hex letters (a-f, A-F) after the "0x". */
function hexLetterIndexes(address: string): number[] {
  return [...address].flatMap((char, index) => (index >= 2 && /[a-fA-F]/.test(char) ? [index] : []));
}

describe("the published address fixtures", () => {
  it("name their source, commit and licence", () => {
    expect(BIP.source.repository).toBe("https://github.com/bitcoin/bips");
    expect(BITCOINJS.source.repository).toBe("https://github.com/bitcoinjs/bitcoinjs-lib");
    expect(EIP55.source.repository).toBe("https://github.com/ethereum/ERCs");
  });

  it("hold every list in full", () => {
    const sizes = {
      bip173Examples: BIP.bip173.examples.length,
      bip173ValidBech32: BIP.bip173.validBech32.length,
      bip173InvalidBech32: BIP.bip173.invalidBech32.length,
      bip173ValidSegwit: BIP.bip173.validSegwitAddresses.length,
      bip173InvalidSegwit: BIP.bip173.invalidSegwitAddresses.length,
      bip173FirstRevisionInvalidSegwit: BIP.bip173FirstRevision.invalidSegwitAddresses.length,
      bip350ValidBech32m: BIP.bip350.validBech32m.length,
      bip350InvalidBech32m: BIP.bip350.invalidBech32m.length,
      bip350ValidSegwit: BIP.bip350.validSegwitAddresses.length,
      bip350InvalidSegwit: BIP.bip350.invalidSegwitAddresses.length,
      bitcoinjsStandard: BITCOINJS.standard.length,
      bitcoinjsBech32: BITCOINJS.bech32.length,
      bitcoinjsInvalidBech32: BITCOINJS.invalid.bech32.length,
      bitcoinjsInvalidFromBase58Check: BITCOINJS.invalid.fromBase58Check.length,
      bitcoinjsInvalidToOutputScript: BITCOINJS.invalid.toOutputScript.length,
      eip55AllCaps: EIP55.allCaps.length,
      eip55AllLower: EIP55.allLower.length,
      eip55Normal: EIP55.normal.length,
      eip55InvalidMixedCase: EIP55.invalidMixedCase.length,
    };
    expect(sizes).toEqual({
      bip173Examples: 4,
      bip173ValidBech32: 7,
      bip173InvalidBech32: 12,
      bip173ValidSegwit: 6,
      bip173InvalidSegwit: 10,
      bip173FirstRevisionInvalidSegwit: 1,
      bip350ValidBech32m: 7,
      bip350InvalidBech32m: 14,
      bip350ValidSegwit: 8,
      bip350InvalidSegwit: 15,
      bitcoinjsStandard: 16,
      bitcoinjsBech32: 4,
      bitcoinjsInvalidBech32: 7,
      bitcoinjsInvalidFromBase58Check: 2,
      bitcoinjsInvalidToOutputScript: 24,
      eip55AllCaps: 2,
      eip55AllLower: 2,
      eip55Normal: 4,
      eip55InvalidMixedCase: 4,
    });
  });

  it.each(
    [...BIP.bip173.validSegwitAddresses, ...BIP.bip350.validSegwitAddresses].map(({ address, scriptPubKey }) => [
      address,
      scriptPubKey,
    ]),
  )("decode %s to the scriptPubKey its BIP publishes, %s", (address, scriptPubKey) => {
    expect(scriptPubKeyOf(address)).toBe(scriptPubKey);
  });

  it.each(EIP55.invalidMixedCase.map(({ address, derivedFrom, flippedIndex }) => [address, derivedFrom, flippedIndex]))(
    "derive %s from the EIP-55 test case %s by flipping the case of character %i",
    (address, derivedFrom, flippedIndex) => {
      expect(EIP55.normal).toContain(derivedFrom);
      expect(address).toBe(flipCaseAt(derivedFrom, flippedIndex));
      expect(address).not.toBe(derivedFrom);
    },
  );
});

describe("validateCryptoAddress on the published Bitcoin vectors", () => {
  it.each(publishedValidOfKind("accepted"))("accepts the mainnet address %s (%s)", (address) => {
    const isBech32 = address.toLowerCase().startsWith("bc1");
    const normalized = isBech32 ? address.toLowerCase() : address;
    expect(validateCryptoAddress("bitcoin", address)).toEqual({ ok: true, normalized });
  });

  it.each(publishedValidOfKind("test chain"))("refuses the test-chain address %s (%s) as testnet", (address) => {
    expect(validateCryptoAddress("bitcoin", address)).toEqual(TESTNET);
  });

  it.each(publishedValidOfKind("other chain"))("refuses %s (%s) as not a Bitcoin address", (address) => {
    expect(validateCryptoAddress("bitcoin", address)).toEqual(NOT_A_BITCOIN_ADDRESS);
  });

  it.each(publishedValidOfKind("superseded"))(
    "refuses the bech32-encoded v1+ address %s (%s) as BIP-350 requires",
    (address) => {
      expect(validateCryptoAddress("bitcoin", address)).toEqual(CHECKSUM_MISMATCH);
    },
  );

  it.each(POLICY_REFUSALS.map(({ address, reason }) => [address, reason]))(
    "refuses the published valid address %s on policy: %s",
    (address) => {
      expect(validateCryptoAddress("bitcoin", address)).toEqual({
        ok: false,
        message: VALIDATION_MESSAGES.unsafeWitnessVersion,
      });
    },
  );

  it.each(POLICY_REFUSALS.map(({ address, version, programBytes }) => [address, version, programBytes]))(
    "states the witness version and program length of %s as its encoding holds them (v%i, %i bytes)",
    (address, version, programBytes) => {
      const decoded = decodeSegwitAddress(address);
      expect({ version: decoded.version, programBytes: decoded.program.length }).toEqual({ version, programBytes });
      expect(PUBLISHED_VALID_BITCOIN.some((vector) => vector.address === address && vector.chain === "main")).toBe(
        true,
      );
    },
  );

  it.each(PUBLISHED_INVALID_BITCOIN.map(({ text, source, reason }) => [text, source, reason]))(
    "refuses %j from %s (%s)",
    (text) => {
      expect(validateCryptoAddress("bitcoin", text).ok).toBe(false);
    },
  );

  it("accepts only the mainnet vectors it can pay, refuses the rest, and accepts no invalid one", () => {
    const validResults = PUBLISHED_VALID_BITCOIN.map((vector) => ({
      vector,
      result: validateCryptoAddress("bitcoin", vector.address),
    }));
    const invalidResults = PUBLISHED_INVALID_BITCOIN.map(({ text }) => validateCryptoAddress("bitcoin", text));
    const refusedWith = (messages: readonly string[]) =>
      validResults.filter(({ result }) => !result.ok && messages.includes(result.message));
    const policyRefused = refusedWith(POLICY_MESSAGES);
    const falseAccepts =
      invalidResults.filter((result) => result.ok).length +
      validResults.filter(({ vector, result }) => result.ok && vector.chain !== "main").length;

    expect({
      validVectors: validResults.length,
      accepted: validResults.filter(({ result }) => result.ok).length,
      refusedAsTestnet: refusedWith([VALIDATION_MESSAGES.bitcoinTestnet]).length,
      refusedAsNotBitcoin: refusedWith([NOT_A_BITCOIN_ADDRESS.message]).length,
      refusedAsSupersededByBip350: refusedWith([VALIDATION_MESSAGES.checksumMismatch]).length,
      policyRefusals: policyRefused.length,
      invalidVectors: invalidResults.length,
      invalidRefused: invalidResults.filter((result) => !result.ok).length,
      falseAccepts,
    }).toEqual({
      validVectors: 55,
      accepted: 20,
      refusedAsTestnet: 22,
      refusedAsNotBitcoin: 2,
      refusedAsSupersededByBip350: SUPERSEDED_BY_BIP350.length,
      policyRefusals: POLICY_REFUSAL_COUNT,
      invalidVectors: 101,
      invalidRefused: 101,
      falseAccepts: 0,
    });
    // The policy refusals are exactly the listed addresses: a new one, or one no longer refused, fails here.
    expect(new Set(policyRefused.map(({ vector }) => vector.address))).toEqual(
      new Set(POLICY_REFUSALS.map(({ address }) => address)),
    );
    expect(POLICY_REFUSALS).toHaveLength(4);
  });

  it("reports a bech32m checksum on a v0 address, or bech32 on a v1+ one, as a checksum mismatch", () => {
    const wrongVariant = mainnetInvalidSegwit("instead of");
    expect(wrongVariant).toHaveLength(3);
    for (const address of wrongVariant) {
      expect(validateCryptoAddress("bitcoin", address)).toEqual(CHECKSUM_MISMATCH);
    }
  });

  it("reports a mistyped last character of a segwit address as a checksum mismatch", () => {
    const [mistyped] = BIP.bip173.invalidSegwitAddresses.filter(({ reason }) => reason === "Invalid checksum");
    expect(mistyped.address).toBe("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5");
    expect(validateCryptoAddress("bitcoin", mistyped.address)).toEqual(CHECKSUM_MISMATCH);
  });

  it("rejects a mixed-case segwit address with a message about case", () => {
    const published = [...BIP.bip173.invalidSegwitAddresses, ...BIP.bip350.invalidSegwitAddresses]
      .filter(({ reason }) => reason === "Mixed case")
      .map(({ address }) => address);
    expect(published).toHaveLength(2);
    for (const address of [...published, "bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"]) {
      expect(validateCryptoAddress("bitcoin", address)).toEqual({
        ok: false,
        message: VALIDATION_MESSAGES.bitcoinMixedCase,
      });
    }
  });

  it("rejects an address for another bech32 chain as not a Bitcoin address", () => {
    const otherChain = [...BIP.bip173.invalidSegwitAddresses, ...BIP.bip350.invalidSegwitAddresses].filter(
      ({ reason }) => reason === "Invalid human-readable part",
    );
    expect(otherChain).toHaveLength(2);
    for (const { address } of otherChain) {
      expect(validateCryptoAddress("bitcoin", address)).toEqual(NOT_A_BITCOIN_ADDRESS);
    }
  });

  it.each(BITCOIN_CORE_PRIVATE_KEYS)("rejects the private key %s as an address", (key) => {
    expect(validateCryptoAddress("bitcoin", key)).toEqual(NOT_A_BITCOIN_ADDRESS);
  });
});

describe("validateCryptoAddress on bitcoin", () => {
  it.each([GENESIS_ADDRESS, WIKI_P2SH_ADDRESS])(
    "reports one changed character of %s as a checksum mismatch",
    (address) => {
      for (const index of [5, 20, address.length - 1]) {
        expect(validateCryptoAddress("bitcoin", changeBase58Character(address, index))).toEqual(CHECKSUM_MISMATCH);
      }
    },
  );

  it("refuses a bech32 address with a Kelvin sign for its K before lower-casing folds it into k (issue 24)", () => {
    const address = "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4";
    const withKelvin = address.replace("K", "\u212A");
    expect(validateCryptoAddress("bitcoin", address).ok).toBe(true);
    expect(withKelvin.toLowerCase()).toBe(address.toLowerCase());

    expect(validateCryptoAddress("bitcoin", withKelvin)).toEqual({
      ok: false,
      message: 'Remove the character "\u212A" (U+212A)',
    });
  });

  it.each([
    ["bitcoin", `${GENESIS_ADDRESS.slice(0, 5)}\u00A0${GENESIS_ADDRESS.slice(5)}`, "\u00A0"],
    ["ethereum", `0x${"\uFF10".repeat(40)}`, "\uFF10"],
    ["tron", `\u0422${TRON_WALLET.slice(1)}`, "\u0422"],
    ["polygon", `${EIP55.normal[0]}\u200B`, "\u200B"],
  ] as const)("refuses a character above ASCII in a %s address, naming it", (network, text, character) => {
    const codePoint = (character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0");
    expect(validateCryptoAddress(network, text)).toEqual({
      ok: false,
      message: `Remove the character "${character}" (U+${codePoint})`,
    });
  });

  it("ignores whitespace around a pasted address", () => {
    expect(validateCryptoAddress("bitcoin", `  ${GENESIS_ADDRESS}\n`)).toEqual({
      ok: true,
      normalized: GENESIS_ADDRESS,
    });
  });

  it("rejects empty, truncated, overlong and foreign-chain text", () => {
    for (const text of [
      "",
      "   ",
      GENESIS_ADDRESS.slice(0, -1),
      GENESIS_ADDRESS.repeat(5),
      EIP55.normal[0],
      TRON_USDT_CONTRACT,
    ]) {
      expect(validateCryptoAddress("bitcoin", text).ok).toBe(false);
    }
  });
});

describe("validateCryptoAddress on ethereum, polygon and bsc", () => {
  // Every EIP-55 test case is already in checksummed form: the "all caps" and "all lower" ones are
  // addresses whose checksum happens to make every letter upper or lower case.
  it.each(EIP55_ALL)("accepts the EIP-55 test address %s unchanged on every EVM network", (address) => {
    for (const network of EVM_NETWORKS) {
      expect(validateCryptoAddress(network, address)).toEqual({ ok: true, normalized: address });
    }
  });

  it.each(EIP55.invalidMixedCase.map(({ address, derivedFrom }) => [address, derivedFrom]))(
    "rejects %s, %s with one letter's case flipped, as a checksum mismatch on every EVM network",
    (address) => {
      for (const network of EVM_NETWORKS) {
        expect(validateCryptoAddress(network, address)).toEqual(CHECKSUM_MISMATCH);
      }
    },
  );

  it.each(EIP55_ALL)("rejects %s with any one letter's case flipped as a checksum mismatch", (address) => {
    const letterIndexes = hexLetterIndexes(address);
    expect(letterIndexes.length).toBeGreaterThan(1);
    for (const index of letterIndexes) {
      expect(validateCryptoAddress("ethereum", flipCaseAt(address, index))).toEqual(CHECKSUM_MISMATCH);
    }
  });

  it.each(EIP55.normal)("accepts the all-lower-case form of %s and returns it checksummed", (address) => {
    expect(validateCryptoAddress("polygon", address.toLowerCase())).toEqual({ ok: true, normalized: address });
  });

  it.each(EIP55.normal)("accepts the all-upper-case form of %s and returns it checksummed", (address) => {
    const upper = `0x${address.slice(2).toUpperCase()}`;
    expect(validateCryptoAddress("bsc", upper)).toEqual({ ok: true, normalized: address });
  });

  it("names the network in the message for a malformed address", () => {
    const [address] = EIP55.normal;
    expect(validateCryptoAddress("ethereum", address.slice(0, -1))).toEqual({
      ok: false,
      message: "This is not a valid Ethereum address",
    });
    expect(validateCryptoAddress("polygon", address.slice(2))).toEqual({
      ok: false,
      message: "This is not a valid Polygon address",
    });
    expect(validateCryptoAddress("bsc", `${address}0`)).toEqual({
      ok: false,
      message: "This is not a valid BSC address",
    });
    expect(validateCryptoAddress("ethereum", `${address.slice(0, -1)}g`).ok).toBe(false);
    expect(validateCryptoAddress("ethereum", GENESIS_ADDRESS).ok).toBe(false);
  });
});

describe("validateCryptoAddress on tron", () => {
  it("accepts a wallet address", () => {
    expect(validateCryptoAddress("tron", TRON_WALLET)).toEqual({ ok: true, normalized: TRON_WALLET });
  });

  it("reports one changed character of an address as a checksum mismatch", () => {
    for (const address of [TRON_WALLET, TRON_USDT_CONTRACT]) {
      for (const index of [3, 17, address.length - 1]) {
        expect(validateCryptoAddress("tron", changeBase58Character(address, index))).toEqual(CHECKSUM_MISMATCH);
      }
    }
  });

  it("rejects Bitcoin and Ethereum addresses as not Tron addresses", () => {
    for (const text of [GENESIS_ADDRESS, EIP55.normal[0], `S${TRON_WALLET.slice(1)}`]) {
      expect(validateCryptoAddress("tron", text)).toEqual({ ok: false, message: "This is not a valid Tron address" });
    }
  });

  it("rejects an address with its last character missing", () => {
    expect(validateCryptoAddress("tron", TRON_WALLET.slice(0, -1)).ok).toBe(false);
  });
});

describe("validateCryptoAddress on token contracts (issue 24)", () => {
  const contract = { ok: false, message: UNSPENDABLE_ADDRESS_MESSAGES.tokenContract };
  const evmContracts = [
    ...TOKEN_CONTRACTS_BY_NETWORK.ethereum,
    ...TOKEN_CONTRACTS_BY_NETWORK.polygon,
    ...TOKEN_CONTRACTS_BY_NETWORK.bsc,
  ];

  it("refuses USDT's contract on Ethereum, which was accepted as a destination", () => {
    expect(validateCryptoAddress("ethereum", "0xdAC17F958D2ee523a2206206994597C13D831ec7")).toEqual(contract);
    expect(UNSPENDABLE_ADDRESS_MESSAGES.tokenContract).toBe(
      "This is the token's contract address, not a wallet. Sending to it loses the money.",
    );
  });

  const contractsByNetwork: [keyof typeof TOKEN_CONTRACTS_BY_NETWORK, string][] = Object.entries(
    TOKEN_CONTRACTS_BY_NETWORK,
  ).flatMap(([network, addresses]) =>
    addresses.map((address): [keyof typeof TOKEN_CONTRACTS_BY_NETWORK, string] => [
      network as keyof typeof TOKEN_CONTRACTS_BY_NETWORK,
      address,
    ]),
  );

  it.each(contractsByNetwork)(
    "refuses the token contract on %s %s, as pasted and in lower case",
    (network, address) => {
      expect(validateCryptoAddress(network, address)).toEqual(contract);
      expect(validateCryptoAddress(network, ` ${address}\n`)).toEqual(contract);
      if (network !== "tron") {
        expect(validateCryptoAddress(network, address.toLowerCase())).toEqual(contract);
      }
    },
  );

  it.each(evmContracts)("refuses %s on every EVM network, where nobody holds its key either", (address) => {
    for (const network of EVM_NETWORKS) {
      expect(validateCryptoAddress(network, address)).toEqual(contract);
    }
  });

  it("still accepts wallets: the EIP-55 test addresses and a Tron wallet", () => {
    for (const network of EVM_NETWORKS) {
      expect(validateCryptoAddress(network, EIP55.normal[0]).ok).toBe(true);
    }
    expect(validateCryptoAddress("tron", TRON_WALLET).ok).toBe(true);
  });
});

describe("validateCryptoAddress with an unknown network", () => {
  it("asks for a network instead of throwing", () => {
    // A request body is untyped until parsed; the validator must not trust the network id.
    const network = "solana" as Parameters<typeof validateCryptoAddress>[0];
    expect(validateCryptoAddress(network, GENESIS_ADDRESS)).toEqual({
      ok: false,
      message: VALIDATION_MESSAGES.chooseNetwork,
    });
  });
});
/** secp256k1's field size p (SEC 2, section 2.4.1). */
const SECP256K1_P = "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f";
/** The x-coordinate of secp256k1's generator G (SEC 2, section 2.4.1): on the curve by definition. */
const SECP256K1_GENERATOR_X = "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798";
/** The taproot address whose output key is x = p, quoted in issue 19 as accepted before the fix. */
const TAPROOT_X_EQUALS_P = "bc1pllllllllllllllllllllllllllllllllllllllllllllallllshsdfvw2y";
/** BIP-350's valid mainnet taproot example: its output key is the generator's x, on the curve. */
const BIP350_TAPROOT = findBip350ValidAddress(`5120${SECP256K1_GENERATOR_X}`);

function findBip350ValidAddress(scriptPubKey: string): string {
  const vector = BIP.bip350.validSegwitAddresses.find((candidate) => candidate.scriptPubKey === scriptPubKey);
  if (vector === undefined) {
    throw new Error(`BIP-350 lists no valid address for ${scriptPubKey}`);
  }
  return vector.address;
}

function hexToBytes(hex: string): Uint8Array {
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
}

/** A mainnet segwit address for `program` at `version` (bech32 for v0, bech32m above, per BIP-350). */
function segwitAddress(version: number, program: Uint8Array): string {
  const coder = version === 0 ? bech32 : bech32m;
  return coder.encode("bc", [version, ...coder.toWords(program)]);
}

const base58check = createBase58check(sha256);
const ZERO_HASH160 = new Uint8Array(20);

describe("validateCryptoAddress on taproot output keys (BIP-341)", () => {
  it("builds the issue's x = p address from p itself", () => {
    expect(segwitAddress(1, hexToBytes(SECP256K1_P))).toBe(TAPROOT_X_EQUALS_P);
  });

  it("refuses a taproot key equal to the field size p, which is no field element", () => {
    expect(validateCryptoAddress("bitcoin", TAPROOT_X_EQUALS_P)).toEqual({
      ok: false,
      message: UNSPENDABLE_ADDRESS_MESSAGES.taprootKeyOffCurve,
    });
    expect(validateCryptoAddress("bitcoin", TAPROOT_X_EQUALS_P.toUpperCase()).ok).toBe(false);
  });

  it("refuses taproot keys that are field elements but not on the curve", () => {
    // x = 0 (x³ + 7 = 7), x = p - 1 (x³ + 7 = 6) and x = 5 (132): none is a square mod p.
    const offCurve = ["00".repeat(32), `${SECP256K1_P.slice(0, -2)}2e`, `${"00".repeat(31)}05`];
    for (const key of offCurve) {
      expect(validateCryptoAddress("bitcoin", segwitAddress(1, hexToBytes(key)))).toEqual({
        ok: false,
        message: UNSPENDABLE_ADDRESS_MESSAGES.taprootKeyOffCurve,
      });
    }
  });

  it("accepts taproot keys on the curve: BIP-350's example and the generator's x", () => {
    const generatorAddress = segwitAddress(1, hexToBytes(SECP256K1_GENERATOR_X));
    for (const address of [BIP350_TAPROOT, generatorAddress]) {
      expect(validateCryptoAddress("bitcoin", address)).toEqual({ ok: true, normalized: address });
    }
  });
});

describe("validateCryptoAddress on known burn addresses", () => {
  const burnt = { ok: false, message: UNSPENDABLE_ADDRESS_MESSAGES.burnAddress };

  it("builds the listed Bitcoin and Tron burn addresses from all-zero hashes", () => {
    expect(base58check.encode(Uint8Array.of(0x00, ...ZERO_HASH160))).toBe("1111111111111111111114oLvT2");
    expect(base58check.encode(Uint8Array.of(0x05, ...ZERO_HASH160))).toBe("31h1vYVSYuKP6AhS86fbRdMw9XHieotbST");
    expect(base58check.encode(Uint8Array.of(0x41, ...ZERO_HASH160))).toBe("T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb");
  });

  it("refuses Bitcoin's all-zero P2PKH, P2SH, P2WPKH and P2WSH addresses", () => {
    for (const address of [
      "1111111111111111111114oLvT2",
      "31h1vYVSYuKP6AhS86fbRdMw9XHieotbST",
      segwitAddress(0, new Uint8Array(20)),
      segwitAddress(0, new Uint8Array(32)),
      segwitAddress(0, new Uint8Array(32)).toUpperCase(),
    ]) {
      expect(validateCryptoAddress("bitcoin", address)).toEqual(burnt);
    }
  });

  it("refuses the all-zero taproot program as a key off the curve", () => {
    expect(validateCryptoAddress("bitcoin", segwitAddress(1, new Uint8Array(32))).ok).toBe(false);
  });

  it("refuses the zero and dead addresses on every EVM network, in any case", () => {
    const zero = `0x${"0".repeat(40)}`;
    const dead = `0x${"0".repeat(36)}dead`;
    for (const network of ["ethereum", "polygon", "bsc"] as const) {
      for (const address of [
        zero,
        dead,
        `0x${dead.slice(2).toUpperCase()}`,
        "0x000000000000000000000000000000000000dEaD",
      ]) {
        expect(validateCryptoAddress(network, address)).toEqual(burnt);
      }
    }
  });

  it("refuses Tron's zero address", () => {
    expect(validateCryptoAddress("tron", " T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb ")).toEqual(burnt);
  });

  it("still accepts addresses one byte away from a burn address", () => {
    const oneHash = Uint8Array.of(...new Uint8Array(19), 1);
    const oneP2pkh = base58check.encode(Uint8Array.of(0x00, ...oneHash));
    expect(validateCryptoAddress("bitcoin", oneP2pkh)).toEqual({ ok: true, normalized: oneP2pkh });
    expect(validateCryptoAddress("bitcoin", segwitAddress(0, oneHash)).ok).toBe(true);
    expect(validateCryptoAddress("ethereum", `0x${"0".repeat(36)}deae`).ok).toBe(true);
  });
});
