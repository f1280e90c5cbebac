import { sha256 } from "@noble/hashes/sha2.js";
import { bech32, bech32m, createBase58check } from "@scure/base";
import { describe, expect, it } from "vitest";
import { UNSPENDABLE_ADDRESS_MESSAGES, validateCryptoAddress } from "./crypto-address.ts";
import { VALIDATION_MESSAGES } from "./messages.ts";

// Every address below is copied from a published source named above its list; none is invented.
// Mutations (one character changed, one letter's case flipped) are made in the test itself.

/** BIP-173 "Examples" and BIP-350 "valid segwit addresses" with the mainnet `bc` prefix. */
const BIP_MAINNET_SEGWIT_VALID = [
  ["BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"],
  ["bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"],
  [
    "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3",
    "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3",
  ],
  [
    "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0",
    "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0",
  ],
] as const;

/**
 * BIP-350 valid mainnet encodings that Ferry refuses: a v1 program that is not taproot's 32 bytes,
 * and witness versions 2 and 16, which anyone can spend today.
 */
const BIP350_VALID_BUT_UNSAFE = [
  "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y",
  "BC1SW50QGDZ25J",
  "bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs",
  // Bitcoin Core key_io_valid.json: a valid v2 encoding.
  "bc1z2rksukkjr8",
];

/** BIP-173 and BIP-350 valid segwit addresses on testnet: valid strings, but not for mainnet funds. */
const BIP_TESTNET_SEGWIT = [
  "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx",
  "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7",
  "tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy",
  "tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c",
];

/** BIP-350 "invalid segwit addresses", each with its published reason. */
const BIP350_INVALID = [
  ["tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut", "invalid human-readable part"],
  ["bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd", "bech32 instead of bech32m"],
  ["tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf", "bech32 instead of bech32m"],
  ["BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL", "bech32 instead of bech32m"],
  ["bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh", "bech32m instead of bech32"],
  ["tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47", "bech32m instead of bech32"],
  ["bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4", "invalid character in checksum"],
  ["BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R", "invalid witness version"],
  ["bc1pw5dgrnzv", "invalid program length (1 byte)"],
  ["bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav", "program length 41 bytes"],
  ["BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P", "invalid program length for witness version 0"],
  ["tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq", "mixed case"],
  ["bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf", "zero padding of more than 4 bits"],
  ["tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j", "non-zero padding in 8-to-5 conversion"],
  ["bc1gmk9yu", "empty data section"],
] as const;

/** BIP-173 "invalid segwit addresses" (current text and its earlier revision), each with its reason. */
const BIP173_INVALID = [
  ["tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty", "invalid human-readable part"],
  ["bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5", "invalid checksum"],
  ["BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2", "invalid witness version"],
  ["bc1rw5uspcuh", "invalid program length"],
  ["bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90", "invalid program length"],
  ["BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P", "invalid program length for witness version 0"],
  ["tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7", "mixed case"],
  ["bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du", "zero padding of more than 4 bits"],
  ["tb1pw508d6qejxtdg4y5r3zarqfsj6c3", "zero padding of more than 4 bits"],
  ["tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3pjxtptv", "non-zero padding in 8-to-5 conversion"],
  ["bc1gmk9yu", "empty data section"],
] as const;

/**
 * BIP-173's own valid list encodes witness v1, v2 and v16 with bech32. BIP-350 replaced that: v1+
 * must use bech32m, so these exact strings are now invalid (BIP-350 lists their bech32m forms).
 */
const BIP173_V1_PLUS_SUPERSEDED_BY_BIP350 = [
  "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx",
  "BC1SW50QA3JX3S",
  "bc1zw508d6qejxtdg4y5r3zarvaryvg6kdaj",
];

/** Valid generic bech32/bech32m strings from BIP-173/BIP-350 that are not Bitcoin addresses. */
const BECH32_STRINGS_THAT_ARE_NOT_ADDRESSES = [
  "A12UEL5L",
  "abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw",
  "split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w",
  "abcdef1l7aum6echk45nj3s0wdvt2fg8x9yrzpqzd3ryx",
];

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

/** The EIP-55 "Test Cases" section, all eight addresses. */
const EIP55_ALL_CAPS = ["0x52908400098527886E0F7030069857D2E4169EE7", "0x8617E340B3D01FA5F11F306F4090FD50E238070D"];
const EIP55_ALL_LOWER = ["0xde709f2102306220921060314715629080e2fb77", "0x27b1fdb04752bbc536007a920d24acb045561c26"];
const EIP55_NORMAL = [
  "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
  "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
  "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
];
const EIP55_ALL = [...EIP55_ALL_CAPS, ...EIP55_ALL_LOWER, ...EIP55_NORMAL];

/** Tether's USDT (TRC-20) token contract on Tron mainnet. */
const TRON_USDT_CONTRACT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

const BASE58_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** The same string with the character at `index` replaced by the next one of the Base58 alphabet. */
function changeBase58Character(text: string, index: number): string {
  const next = BASE58_ALPHABET[(BASE58_ALPHABET.indexOf(text[index]) + 1) % BASE58_ALPHABET.length];
  return `${text.slice(0, index)}${next}${text.slice(index + 1)}`;
}

/** The same address with the case of its last hex letter (a-f) flipped. */
function flipCaseOfLastHexLetter(address: string): string {
  for (let i = address.length - 1; i >= 2; i--) {
    const char = address[i];
    if (/[a-f]/.test(char)) {
      return `${address.slice(0, i)}${char.toUpperCase()}${address.slice(i + 1)}`;
    }
    if (/[A-F]/.test(char)) {
      return `${address.slice(0, i)}${char.toLowerCase()}${address.slice(i + 1)}`;
    }
  }
  throw new Error(`no hex letter in ${address}`);
}

describe("validateCryptoAddress on bitcoin", () => {
  it.each(BIP_MAINNET_SEGWIT_VALID)("accepts the BIP-173/BIP-350 mainnet address %s", (address, normalized) => {
    expect(validateCryptoAddress("bitcoin", address)).toEqual({ ok: true, normalized });
  });

  it.each(BIP_TESTNET_SEGWIT)("rejects the testnet address %s as testnet", (address) => {
    expect(validateCryptoAddress("bitcoin", address)).toEqual({
      ok: false,
      message: VALIDATION_MESSAGES.bitcoinTestnet,
    });
  });

  it.each(BIP350_INVALID)("rejects the BIP-350 invalid address %s (%s)", (address) => {
    expect(validateCryptoAddress("bitcoin", address).ok).toBe(false);
  });

  it.each(BIP173_INVALID)("rejects the BIP-173 invalid address %s (%s)", (address) => {
    expect(validateCryptoAddress("bitcoin", address).ok).toBe(false);
  });

  it.each(BIP173_V1_PLUS_SUPERSEDED_BY_BIP350)("rejects the bech32-encoded v1+ address %s (BIP-350)", (address) => {
    expect(validateCryptoAddress("bitcoin", address)).toEqual({
      ok: false,
      message: VALIDATION_MESSAGES.checksumMismatch,
    });
  });

  it.each(BECH32_STRINGS_THAT_ARE_NOT_ADDRESSES)("rejects the bech32 string %s, which is no address", (text) => {
    expect(validateCryptoAddress("bitcoin", text).ok).toBe(false);
  });

  it("reports a bech32m checksum on a v0 address, or bech32 on a v1 one, as a checksum mismatch", () => {
    for (const address of [
      "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh",
      "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd",
    ]) {
      expect(validateCryptoAddress("bitcoin", address)).toEqual({
        ok: false,
        message: VALIDATION_MESSAGES.checksumMismatch,
      });
    }
  });

  it("reports a mistyped last character of a segwit address as a checksum mismatch", () => {
    expect(validateCryptoAddress("bitcoin", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5")).toEqual({
      ok: false,
      message: VALIDATION_MESSAGES.checksumMismatch,
    });
  });

  it("rejects a mixed-case segwit address with a message about case", () => {
    expect(validateCryptoAddress("bitcoin", "bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4")).toEqual({
      ok: false,
      message: VALIDATION_MESSAGES.bitcoinMixedCase,
    });
  });

  it("rejects an address for another bech32 chain as not a Bitcoin address", () => {
    expect(validateCryptoAddress("bitcoin", "tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty")).toEqual({
      ok: false,
      message: "This is not a valid Bitcoin address",
    });
  });

  it.each([GENESIS_ADDRESS, WIKI_P2SH_ADDRESS, ...BITCOIN_CORE_MAINNET_VALID])(
    "accepts the mainnet address %s unchanged",
    (address) => {
      expect(validateCryptoAddress("bitcoin", address)).toEqual({ ok: true, normalized: address });
    },
  );

  it.each(BITCOIN_CORE_TEST_CHAINS)("rejects the test-chain address %s as testnet", (address) => {
    expect(validateCryptoAddress("bitcoin", address)).toEqual({
      ok: false,
      message: VALIDATION_MESSAGES.bitcoinTestnet,
    });
  });

  it.each(BITCOIN_CORE_PRIVATE_KEYS)("rejects the private key %s as an address", (key) => {
    expect(validateCryptoAddress("bitcoin", key)).toEqual({
      ok: false,
      message: "This is not a valid Bitcoin address",
    });
  });

  it.each([GENESIS_ADDRESS, WIKI_P2SH_ADDRESS])(
    "reports one changed character of %s as a checksum mismatch",
    (address) => {
      for (const index of [5, 20, address.length - 1]) {
        expect(validateCryptoAddress("bitcoin", changeBase58Character(address, index))).toEqual({
          ok: false,
          message: VALIDATION_MESSAGES.checksumMismatch,
        });
      }
    },
  );

  it("refuses valid encodings of segwit versions that cannot safely receive funds", () => {
    for (const address of BIP350_VALID_BUT_UNSAFE) {
      expect(validateCryptoAddress("bitcoin", address)).toEqual({
        ok: false,
        message: VALIDATION_MESSAGES.unsafeWitnessVersion,
      });
    }
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
      EIP55_NORMAL[0],
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
    for (const network of ["ethereum", "polygon", "bsc"] as const) {
      expect(validateCryptoAddress(network, address)).toEqual({ ok: true, normalized: address });
    }
  });

  it.each(EIP55_ALL)("rejects %s with one letter's case flipped as a checksum mismatch", (address) => {
    expect(validateCryptoAddress("ethereum", flipCaseOfLastHexLetter(address))).toEqual({
      ok: false,
      message: VALIDATION_MESSAGES.checksumMismatch,
    });
  });

  it.each(EIP55_NORMAL)("accepts the all-lower-case form of %s and returns it checksummed", (address) => {
    expect(validateCryptoAddress("polygon", address.toLowerCase())).toEqual({ ok: true, normalized: address });
  });

  it.each(EIP55_NORMAL)("accepts the all-upper-case form of %s and returns it checksummed", (address) => {
    const upper = `0x${address.slice(2).toUpperCase()}`;
    expect(validateCryptoAddress("bsc", upper)).toEqual({ ok: true, normalized: address });
  });

  it("names the network in the message for a malformed address", () => {
    const tooShort = EIP55_NORMAL[0].slice(0, -1);
    expect(validateCryptoAddress("ethereum", tooShort)).toEqual({
      ok: false,
      message: "This is not a valid Ethereum address",
    });
    expect(validateCryptoAddress("polygon", EIP55_NORMAL[0].slice(2))).toEqual({
      ok: false,
      message: "This is not a valid Polygon address",
    });
    expect(validateCryptoAddress("bsc", `${EIP55_NORMAL[0]}0`)).toEqual({
      ok: false,
      message: "This is not a valid BSC address",
    });
    expect(validateCryptoAddress("ethereum", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg").ok).toBe(false);
    expect(validateCryptoAddress("ethereum", GENESIS_ADDRESS).ok).toBe(false);
  });
});

describe("validateCryptoAddress on tron", () => {
  it("accepts the USDT contract address", () => {
    expect(validateCryptoAddress("tron", TRON_USDT_CONTRACT)).toEqual({ ok: true, normalized: TRON_USDT_CONTRACT });
  });

  it("reports one changed character of the USDT contract address as a checksum mismatch", () => {
    for (const index of [3, 17, TRON_USDT_CONTRACT.length - 1]) {
      expect(validateCryptoAddress("tron", changeBase58Character(TRON_USDT_CONTRACT, index))).toEqual({
        ok: false,
        message: VALIDATION_MESSAGES.checksumMismatch,
      });
    }
  });

  it("rejects Bitcoin and Ethereum addresses as not Tron addresses", () => {
    for (const text of [GENESIS_ADDRESS, EIP55_NORMAL[0], `S${TRON_USDT_CONTRACT.slice(1)}`]) {
      expect(validateCryptoAddress("tron", text)).toEqual({ ok: false, message: "This is not a valid Tron address" });
    }
  });

  it("rejects the USDT contract address with its last character missing", () => {
    expect(validateCryptoAddress("tron", TRON_USDT_CONTRACT.slice(0, -1)).ok).toBe(false);
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
/** BIP-350's valid mainnet taproot example, whose key is on the curve. */
const BIP350_TAPROOT = "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0";

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
