import { validateCryptoAddress } from "@ferry/core/validation/crypto-address";
import { HDKey } from "@scure/bip32";
import { mnemonicToSeedSync } from "@scure/bip39";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { deriveDepositAddress, parseAccountKey } from "../../apps/server/src/modules/deposits/addresses.ts";
import { buildTestApp, createSignedInUser, type TestApp } from "./helpers.ts";
import { type SignedInUser, sendAs } from "./money-helpers-deposits.ts";

// The test mnemonic of BIP39/BIP84 whose addresses are published (BIP84 test vectors, and the
// well-known first Ethereum and Tron addresses of this mnemonic in every wallet).
const ABANDON_MNEMONIC =
  "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
const master = HDKey.fromMasterSeed(mnemonicToSeedSync(ABANDON_MNEMONIC));
const accountXpubs = {
  bitcoin: master.derive("m/84'/0'/0'").publicExtendedKey,
  ethereum: master.derive("m/44'/60'/0'").publicExtendedKey,
  tron: master.derive("m/44'/195'/0'").publicExtendedKey,
};
/** The account key printed in BIP84's test vectors (account 0), in SLIP-132 "zpub" form. */
const BIP84_ZPUB =
  "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs";

describe("deposit address derivation", () => {
  test("derives the published BIP84 native segwit addresses at index 0 and 1", () => {
    const key = parseAccountKey(accountXpubs.bitcoin);

    expect(deriveDepositAddress("bitcoin", key, 0)).toBe("bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu");
    expect(deriveDepositAddress("bitcoin", key, 1)).toBe("bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g");
  });

  test("derives the published EIP-55 Ethereum address at index 0", () => {
    const key = parseAccountKey(accountXpubs.ethereum);

    expect(deriveDepositAddress("ethereum", key, 0)).toBe("0x9858EfFD232B4033E47d90003D41EC34EcaEda94");
  });

  test("derives the published Tron address at index 0", () => {
    const key = parseAccountKey(accountXpubs.tron);

    expect(deriveDepositAddress("tron", key, 0)).toBe("TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH");
  });

  test("reads the BIP84 zpub and derives the same first address as the xpub", () => {
    const key = parseAccountKey(BIP84_ZPUB);

    expect(deriveDepositAddress("bitcoin", key, 0)).toBe("bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu");
    expect(key.publicKey).toEqual(parseAccountKey(accountXpubs.bitcoin).publicKey);
  });

  test("refuses an extended key whose checksum is wrong", () => {
    const mistyped = `${BIP84_ZPUB.slice(0, -1)}t`;

    expect(() => parseAccountKey(mistyped)).toThrow(/checksum/i);
  });

  test("refuses an extended private key", () => {
    const xprv = master.derive("m/84'/0'/0'").privateExtendedKey;

    expect(() => parseAccountKey(xprv)).toThrow(/must be public/);
  });
});

describe("deposit instructions over HTTP", () => {
  let ferry: TestApp;

  beforeAll(async () => {
    ferry = await buildTestApp();
  });

  afterAll(async () => {
    await ferry?.close();
  });

  async function instructionsOf(user: SignedInUser) {
    const response = await sendAs(ferry.app, user, "GET", "/api/v1/deposits/instructions");
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as {
      bank: { reference: string; iban: string };
      crypto: Array<{ network: "bitcoin" | "ethereum" | "tron"; address: string; currencies: string[] }>;
    };
    return {
      reference: body.bank.reference,
      addresses: Object.fromEntries(body.crypto.map((entry) => [entry.network, entry.address])) as Record<
        "bitcoin" | "ethereum" | "tron",
        string
      >,
    };
  }

  test("gives two users different addresses on every network and different bank references", async () => {
    const first = await createSignedInUser(ferry, { label: "depositor-a" });
    const second = await createSignedInUser(ferry, { label: "depositor-b" });

    const a = await instructionsOf(first);
    const b = await instructionsOf(second);

    expect(Object.keys(a.addresses).sort()).toEqual(["bitcoin", "ethereum", "tron"]);
    for (const network of ["bitcoin", "ethereum", "tron"] as const) {
      expect(a.addresses[network]).not.toBe(b.addresses[network]);
    }
    expect(a.reference).toMatch(/^FERRY-[A-Z2-9]{6}$/);
    expect(a.reference).not.toBe(b.reference);
  });

  test("gives the same user the same addresses and reference every time", async () => {
    const user = await createSignedInUser(ferry, { label: "depositor" });

    const first = await instructionsOf(user);
    const second = await instructionsOf(user);

    expect(second).toEqual(first);
  });

  test("gives addresses valid for their network and records each one for the user", async () => {
    const user = await createSignedInUser(ferry, { label: "depositor" });

    const { addresses } = await instructionsOf(user);

    for (const network of ["bitcoin", "ethereum", "tron"] as const) {
      expect(validateCryptoAddress(network, addresses[network])).toEqual({ ok: true, normalized: addresses[network] });
    }
    const recorded = await ferry.db
      .selectFrom("deposit_addresses")
      .select(["network", "address"])
      .where("user_id", "=", user.userId)
      .orderBy("network")
      .execute();
    expect(recorded).toEqual([
      { network: "bitcoin", address: addresses.bitcoin },
      { network: "ethereum", address: addresses.ethereum },
      { network: "tron", address: addresses.tron },
    ]);
  });
});

describe("deposit instructions with the operator's configured key", () => {
  let ferry: TestApp;
  /** The same database served with the stored development keys, as before the operator set one. */
  let before: TestApp;

  beforeAll(async () => {
    ferry = await buildTestApp({ DEPOSIT_XPUB_BITCOIN: accountXpubs.bitcoin });
    before = await buildTestApp();
  });

  afterAll(async () => {
    await ferry?.close();
    await before?.close();
  });

  test("derives a user's bitcoin address from DEPOSIT_XPUB_BITCOIN at their own derivation index", async () => {
    const user = await createSignedInUser(ferry, { label: "configured-key" });

    const response = await sendAs(ferry.app, user, "GET", "/api/v1/deposits/instructions");

    expect(response.statusCode, response.body).toBe(200);
    const { derivation_index: index } = await ferry.db
      .selectFrom("deposit_accounts")
      .select("derivation_index")
      .where("user_id", "=", user.userId)
      .executeTakeFirstOrThrow();
    const bitcoin = response.json().crypto.find((entry: { network: string }) => entry.network === "bitcoin");
    expect(bitcoin.address).toBe(deriveDepositAddress("bitcoin", parseAccountKey(accountXpubs.bitcoin), index));
  });

  test("shows a user only bitcoin addresses recorded as theirs after the operator sets a new key", async () => {
    const user = await createSignedInUser(before, { label: "key-change" });
    const earlier = await sendAs(before.app, user, "GET", "/api/v1/deposits/instructions");
    expect(earlier.statusCode, earlier.body).toBe(200);

    const response = await sendAs(ferry.app, user, "GET", "/api/v1/deposits/instructions");

    expect(response.statusCode, response.body).toBe(200);
    const shown = response.json().crypto.find((entry: { network: string }) => entry.network === "bitcoin").address;
    const recorded = await ferry.db
      .selectFrom("deposit_addresses")
      .select("address")
      .where("user_id", "=", user.userId)
      .where("network", "=", "bitcoin")
      .execute();
    // An address shown but not recorded cannot be attributed to the user when money arrives on it.
    expect(recorded.map((row) => row.address)).toContain(shown);
  });
});
