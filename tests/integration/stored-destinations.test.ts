import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { countDestinationsNeedingReview } from "../../apps/server/src/modules/destinations/review.ts";
import { buildTestApp, createSignedInUser, type TestApp } from "./helpers.ts";
import {
  addPaymentMethod,
  bankMethodForm,
  fundWallet,
  requestCashoutCode,
  type SignedInUser,
  sendAs,
} from "./money-helpers-deposits.ts";

/*
 * Destinations saved under the older, looser rules (issue 19) and failing today's: stored directly, as
 * the old rules let them in. They stay listed, marked for review, and no quote, code or transfer pays them.
 */

/** Accepted by the old shape-only rule (letter O in the check digits); no IBAN today. */
const OLD_STYLE_IBAN = "DE8O370400440532013000";
/** A taproot address whose key is x = p, not on secp256k1: coins sent there can never be spent. */
const OFF_CURVE_TAPROOT = "bc1pllllllllllllllllllllllllllllllllllllllllllllallllshsdfvw2y";

let ferry: TestApp;

beforeAll(async () => {
  ferry = await buildTestApp();
});

afterAll(async () => {
  await ferry?.close();
});

async function insertRecipient(
  user: SignedInUser,
  kind: "bank" | "crypto" | "valid-bank" | "free-text-country",
): Promise<string> {
  const common = { user_id: user.userId, name: `Old ${kind}`, email: `old-${kind}@example.com` };
  const values =
    kind === "crypto"
      ? {
          ...common,
          type: "crypto" as const,
          currency: "BTC" as const,
          crypto_network: "bitcoin",
          crypto_address: OFF_CURVE_TAPROOT,
        }
      : {
          ...common,
          type: "bank" as const,
          currency: "EUR" as const,
          bank_name: "Commerzbank",
          // Before issue 19 the country was free text; today it is an ISO 3166 code chosen from a list.
          country: kind === "free-text-country" ? "Germany" : "DE",
          account_number: kind === "bank" ? OLD_STYLE_IBAN : "DE89370400440532013000",
          swift_code: "COBADEFFXXX",
          account_holder_name: "Ada Lovelace",
        };
  const row = await ferry.db.insertInto("recipients").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

async function insertPaymentMethod(user: SignedInUser, kind: "bank" | "crypto"): Promise<string> {
  const common = { user_id: user.userId, name: `Old ${kind}` };
  const values =
    kind === "crypto"
      ? {
          ...common,
          address_type: "crypto" as const,
          currency: "BTC" as const,
          crypto_network: "bitcoin",
          crypto_address: OFF_CURVE_TAPROOT,
        }
      : {
          ...common,
          address_type: "bank" as const,
          currency: "EUR" as const,
          bank_name: "Commerzbank",
          country: "DE",
          account_number: OLD_STYLE_IBAN,
          swift_code: "COBADEFFXXX",
          account_holder_name: "Ada Lovelace",
        };
  const row = await ferry.db.insertInto("payment_methods").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

type Listed = { id: string; needsReview: boolean; reviewReason: string | null };

async function listed(user: SignedInUser, url: string): Promise<Listed[]> {
  const response = await sendAs(ferry.app, user, "GET", url);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: Listed[] }).items;
}

/** Quote, code request and transfer for `target`: each must be refused with the review message. */
async function expectEveryPaymentRefused(user: SignedInUser, target: Record<string, string>, currency: string) {
  const details = { target, amount: "1.00", currency };
  const attempts = [
    await sendAs(ferry.app, user, "POST", "/api/v1/transfers/quote", details),
    await sendAs(ferry.app, user, "POST", "/api/v1/transfers/verification-code", details),
    await sendAs(
      ferry.app,
      user,
      "POST",
      "/api/v1/transfers",
      { ...details, code: "123456" },
      { "idempotency-key": `review-${randomUUID()}` },
    ),
  ];
  for (const response of attempts) {
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as { error: { message: string } };
    expect(body.error.message).toMatch(/^Check these details: .+\. Edit them before sending\.$/);
  }
}

describe("destinations saved under older rules", () => {
  test("lists an old-style IBAN and an off-curve taproot recipient marked for review, and a valid one unmarked", async () => {
    const user = await createSignedInUser(ferry, { label: "review-list" });
    const bankId = await insertRecipient(user, "bank");
    const validId = await insertRecipient(user, "valid-bank");
    const cryptoId = await insertRecipient(user, "crypto");
    const banks = await listed(user, "/api/v1/recipients?type=bank");
    expect(banks.find((row) => row.id === bankId)).toMatchObject({ needsReview: true });
    expect(banks.find((row) => row.id === bankId)?.reviewReason).toMatch(/^Account number: /);
    expect(banks.find((row) => row.id === validId)).toMatchObject({ needsReview: false, reviewReason: null });
    const cryptos = await listed(user, "/api/v1/recipients?type=crypto");
    expect(cryptos.find((row) => row.id === cryptoId)).toMatchObject({ needsReview: true });
    expect(cryptos.find((row) => row.id === cryptoId)?.reviewReason).toMatch(/^Wallet address: /);
  });

  test("marks a recipient whose country was saved as free text, and refuses to pay it", async () => {
    const user = await createSignedInUser(ferry, { label: "review-country" });
    await fundWallet(ferry.db, user.userId, "EUR", "100.00");
    const id = await insertRecipient(user, "free-text-country");
    const banks = await listed(user, "/api/v1/recipients?type=bank");
    expect(banks.find((row) => row.id === id)).toMatchObject({
      needsReview: true,
      reviewReason: "Country: Please choose the bank's country",
    });
    await expectEveryPaymentRefused(user, { method: "bank", recipientId: id }, "EUR");
  });

  test("lists old payment methods marked for review and a valid one unmarked", async () => {
    const user = await createSignedInUser(ferry, { label: "review-methods" });
    const bankId = await insertPaymentMethod(user, "bank");
    const cryptoId = await insertPaymentMethod(user, "crypto");
    const validId = await addPaymentMethod(ferry, user, bankMethodForm());
    const methods = await listed(user, "/api/v1/payment-methods");
    expect(methods.find((row) => row.id === bankId)).toMatchObject({ needsReview: true });
    expect(methods.find((row) => row.id === cryptoId)).toMatchObject({ needsReview: true });
    expect(methods.find((row) => row.id === validId)).toMatchObject({ needsReview: false, reviewReason: null });
  });

  test("refuses quote, code and transfer to a recipient failing today's rules", async () => {
    const user = await createSignedInUser(ferry, { label: "review-pay" });
    await fundWallet(ferry.db, user.userId, "EUR", "100.00");
    await fundWallet(ferry.db, user.userId, "BTC", "1.00000000");
    await expectEveryPaymentRefused(user, { method: "bank", recipientId: await insertRecipient(user, "bank") }, "EUR");
    const cryptoId = await insertRecipient(user, "crypto");
    await expectEveryPaymentRefused(user, { method: "crypto", recipientId: cryptoId }, "BTC");
  });

  test("refuses quote, code and cash-out to a payment method failing today's rules", async () => {
    const user = await createSignedInUser(ferry, { label: "review-cashout" });
    await fundWallet(ferry.db, user.userId, "EUR", "100.00");
    await fundWallet(ferry.db, user.userId, "BTC", "1.00000000");
    const bankId = await insertPaymentMethod(user, "bank");
    await expectEveryPaymentRefused(user, { method: "withdrawal", paymentMethodId: bankId }, "EUR");
    const cryptoId = await insertPaymentMethod(user, "crypto");
    await expectEveryPaymentRefused(user, { method: "withdrawal", paymentMethodId: cryptoId }, "BTC");
  });

  test("still pays a valid recipient and payment method", async () => {
    const user = await createSignedInUser(ferry, { label: "review-valid" });
    await fundWallet(ferry.db, user.userId, "EUR", "100.00");
    const recipientId = await insertRecipient(user, "valid-bank");
    const quote = await sendAs(ferry.app, user, "POST", "/api/v1/transfers/quote", {
      target: { method: "bank", recipientId },
      amount: "1.00",
      currency: "EUR",
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const methodId = await addPaymentMethod(ferry, user, bankMethodForm());
    const code = await requestCashoutCode(ferry, user, methodId, "1.00", "EUR");
    expect(code.statusCode, code.body).toBe(200);
  });

  test("editing a payment method with valid details clears the mark and lets it be paid", async () => {
    const user = await createSignedInUser(ferry, { label: "review-edit" });
    await fundWallet(ferry.db, user.userId, "EUR", "100.00");
    const bankId = await insertPaymentMethod(user, "bank");
    const edited = await sendAs(ferry.app, user, "PUT", `/api/v1/payment-methods/${bankId}`, bankMethodForm());
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ needsReview: false, reviewReason: null });
    const code = await requestCashoutCode(ferry, user, bankId, "1.00", "EUR");
    expect(code.statusCode, code.body).toBe(200);
  });

  test("the operators' count finds each failing row once, by reason, and not the valid ones", async () => {
    const user = await createSignedInUser(ferry, { label: "review-count" });
    await insertRecipient(user, "bank");
    await insertRecipient(user, "crypto");
    await insertRecipient(user, "valid-bank");
    await insertPaymentMethod(user, "bank");
    await addPaymentMethod(ferry, user, bankMethodForm());
    const report = await countDestinationsNeedingReview(ferry.db, ferry.config, { userId: user.userId });
    expect(report).toMatchObject({
      recipientsChecked: 3,
      recipientsNeedingReview: 2,
      paymentMethodsChecked: 2,
      paymentMethodsNeedingReview: 1,
    });
    expect(Object.values(report.byReason).reduce((sum, rows) => sum + rows, 0)).toBe(3);
  });
});

describe("crypto destinations that lose the money are refused at the door (issue 24)", () => {
  const TOKEN_CONTRACT_MESSAGE = "This is the token's contract address, not a wallet. Sending to it loses the money.";
  /** BIP-173's example P2WPKH address in upper case, its K replaced by the Kelvin sign U+212A. */
  const KELVIN_ADDRESS = "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4".replace("K", "\u212A");

  async function savedCryptoAddresses(user: SignedInUser): Promise<string[]> {
    const recipients = await ferry.db
      .selectFrom("recipients")
      .select("crypto_address")
      .where("user_id", "=", user.userId)
      .execute();
    const methods = await ferry.db
      .selectFrom("payment_methods")
      .select("crypto_address")
      .where("user_id", "=", user.userId)
      .execute();
    return [...recipients, ...methods].map((row) => String(row.crypto_address));
  }

  test.each([
    [
      "USDT's contract on Ethereum",
      "USDT",
      "ethereum",
      "0xdAC17F958D2ee523a2206206994597C13D831ec7",
      TOKEN_CONTRACT_MESSAGE,
    ],
    [
      "USDC's contract on Polygon, in lower case",
      "USDC",
      "polygon",
      "0x3c499c542cef5e3811e1192ce70d8cc03d5c3359",
      TOKEN_CONTRACT_MESSAGE,
    ],
    ["USDT's contract on Tron", "USDT", "tron", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", TOKEN_CONTRACT_MESSAGE],
    ["a bech32 address with a Kelvin sign", "BTC", "bitcoin", KELVIN_ADDRESS, 'Remove the character "\u212A" (U+212A)'],
  ])(
    "a recipient at %s is refused with 400 on the address, and nothing is saved",
    async (_label, currency, network, address, message) => {
      const user = await createSignedInUser(ferry, { label: "crypto-door-recipient" });

      const response = await sendAs(ferry.app, user, "POST", "/api/v1/recipients", {
        type: "crypto",
        name: "Not a wallet",
        email: "not-a-wallet@example.com",
        currency,
        cryptoNetwork: network,
        cryptoAddress: address,
      });

      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toMatchObject({ code: "validation_failed", fields: { cryptoAddress: message } });
      expect(await savedCryptoAddresses(user)).toEqual([]);
    },
  );

  test.each([
    ["USDT's contract on BSC", "USDT", "bsc", "0x55d398326f99059fF775485246999027B3197955", TOKEN_CONTRACT_MESSAGE],
    [
      "WETH's contract on Polygon",
      "ETH",
      "polygon",
      "0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619",
      TOKEN_CONTRACT_MESSAGE,
    ],
    ["a bech32 address with a Kelvin sign", "BTC", "bitcoin", KELVIN_ADDRESS, 'Remove the character "\u212A" (U+212A)'],
  ])(
    "a payment method at %s is refused with 400 on the address, and nothing is saved",
    async (_label, currency, network, address, message) => {
      const user = await createSignedInUser(ferry, { label: "crypto-door-method" });

      const response = await sendAs(ferry.app, user, "POST", "/api/v1/payment-methods", {
        addressType: "crypto",
        name: "Not a wallet",
        currency,
        cryptoNetwork: network,
        cryptoAddress: address,
      });

      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toMatchObject({ code: "validation_failed", fields: { cryptoAddress: message } });
      expect(await savedCryptoAddresses(user)).toEqual([]);
    },
  );

  test("a recipient saved at USDT's contract before the rule is marked for review and never paid", async () => {
    const user = await createSignedInUser(ferry, { label: "crypto-door-stored" });
    await fundWallet(ferry.db, user.userId, "USDT", "10.000000");
    const row = await ferry.db
      .insertInto("recipients")
      .values({
        user_id: user.userId,
        name: "Old contract",
        email: "old-contract@example.com",
        type: "crypto",
        currency: "USDT",
        crypto_network: "ethereum",
        crypto_address: "0xdAC17F958D2ee523a2206206994597C13D831ec7",
      })
      .returning("id")
      .executeTakeFirstOrThrow();

    const cryptos = await listed(user, "/api/v1/recipients?type=crypto");
    expect(cryptos.find((recipient) => recipient.id === row.id)).toMatchObject({
      needsReview: true,
      reviewReason: `Wallet address: ${TOKEN_CONTRACT_MESSAGE.replace(/\.$/, "")}`,
    });
    await expectEveryPaymentRefused(user, { method: "crypto", recipientId: row.id }, "USDT");
  });
});
