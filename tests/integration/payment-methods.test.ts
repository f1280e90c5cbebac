import { UNSPENDABLE_ADDRESS_MESSAGES } from "@ferry/core/validation/crypto-address";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, createSignedInUser, randomIp, send, type TestApp } from "./helpers.ts";
import {
  addPaymentMethod,
  bankMethodForm,
  cryptoMethodForm,
  type SignedInUser,
  sendAs,
} from "./money-helpers-deposits.ts";

let ferry: TestApp;

beforeAll(async () => {
  ferry = await buildTestApp();
});

afterAll(async () => {
  await ferry?.close();
});

/** The first example address of EIP-55, and the same with one letter's case flipped ("E7" to "e7"). */
const EIP55_ADDRESS = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const WRONG_CASE_ADDRESS = "0x5aAeb6053F3E94C9b9A09f33669435e7Ef1BeAed";
/** A taproot address whose output key is x = p, off the curve (issue 19), and BIP-350's valid one. */
const TAPROOT_X_EQUALS_P = "bc1pllllllllllllllllllllllllllllllllllllllllllllallllshsdfvw2y";
const BIP350_TAPROOT = "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0";

async function listOf(user: SignedInUser): Promise<Array<Record<string, unknown> & { id: string }>> {
  const response = await sendAs(ferry.app, user, "GET", "/api/v1/payment-methods");
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items;
}

async function storedCount(userId: string): Promise<number> {
  const rows = await ferry.db.selectFrom("payment_methods").select("id").where("user_id", "=", userId).execute();
  return rows.length;
}

/** Posts `form` and expects a 400 naming `field` with `message`, with nothing saved. */
async function expectRefused(user: SignedInUser, form: Record<string, unknown>, field: string, message: string) {
  const response = await sendAs(ferry.app, user, "POST", "/api/v1/payment-methods", form);
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().error.code).toBe("validation_failed");
  expect(response.json().error.fields[field]).toBe(message);
  expect(await storedCount(user.userId)).toBe(0);
}

describe("payment method rules (spec §5)", () => {
  test("refuses an empty, blank or missing name with the spec's message", async () => {
    const user = await createSignedInUser(ferry, { label: "pm-name" });

    await expectRefused(user, bankMethodForm({ name: "" }), "name", "Please enter a name for this address");
    await expectRefused(user, bankMethodForm({ name: "   " }), "name", "Please enter a name for this address");
    await expectRefused(user, cryptoMethodForm({ name: undefined }), "name", "Please enter a name for this address");
  });

  test.each(["bankName", "accountNumber", "swiftCode", "country", "accountHolderName"])(
    "refuses a bank method without %s with 'Please fill in all bank details'",
    async (field) => {
      const user = await createSignedInUser(ferry, { label: "pm-bank" });

      await expectRefused(user, bankMethodForm({ [field]: undefined }), field, "Please fill in all bank details");
      await expectRefused(user, bankMethodForm({ [field]: "  " }), field, "Please fill in all bank details");
    },
  );

  test("refuses an IBAN whose check digits are wrong", async () => {
    const user = await createSignedInUser(ferry, { label: "pm-iban" });

    await expectRefused(
      user,
      bankMethodForm({ accountNumber: "DE89 3704 0044 0532 0130 01" }),
      "accountNumber",
      "Checksum mismatch: check the IBAN for typos",
    );
    await expectRefused(user, bankMethodForm({ accountNumber: "GB00" }), "accountNumber", "This is not a valid IBAN");
  });

  test("refuses a SWIFT/BIC code that is not one", async () => {
    const user = await createSignedInUser(ferry, { label: "pm-bic" });
    const message = "This is not a valid SWIFT/BIC code (8 or 11 letters and digits, such as DEUTDEFF)";

    await expectRefused(user, bankMethodForm({ swiftCode: "COBAXXFF" }), "swiftCode", message);
    await expectRefused(user, bankMethodForm({ swiftCode: "COBADEF" }), "swiftCode", message);
  });

  test("refuses a crypto method without an address or a network with 'Please fill in all crypto details'", async () => {
    const user = await createSignedInUser(ferry, { label: "pm-crypto" });
    const message = "Please fill in all crypto details";

    await expectRefused(user, cryptoMethodForm({ cryptoAddress: undefined }), "cryptoAddress", message);
    await expectRefused(user, cryptoMethodForm({ cryptoAddress: "   " }), "cryptoAddress", message);
    await expectRefused(user, cryptoMethodForm({ cryptoNetwork: undefined }), "cryptoNetwork", message);
  });

  test("accepts only the Bitcoin, Ethereum, Polygon and BSC networks", async () => {
    const user = await createSignedInUser(ferry, { label: "pm-networks" });
    const message = "Please fill in all crypto details";

    await expectRefused(
      user,
      cryptoMethodForm({
        currency: "USDT",
        cryptoNetwork: "tron",
        cryptoAddress: "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH",
      }),
      "cryptoNetwork",
      message,
    );
    await expectRefused(user, cryptoMethodForm({ cryptoNetwork: "solana" }), "cryptoNetwork", message);
    for (const cryptoNetwork of ["ethereum", "polygon", "bsc"]) {
      await addPaymentMethod(ferry, user, cryptoMethodForm({ name: cryptoNetwork, cryptoNetwork }));
    }
    await addPaymentMethod(
      ferry,
      user,
      cryptoMethodForm({
        currency: "BTC",
        cryptoNetwork: "bitcoin",
        cryptoAddress: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
      }),
    );
    const networks = (await listOf(user)).map((method) => method.cryptoNetwork);
    expect(networks.sort()).toEqual(["bitcoin", "bsc", "ethereum", "polygon"]);
  });

  test("refuses BTC on Polygon", async () => {
    const user = await createSignedInUser(ferry, { label: "pm-btc-polygon" });

    await expectRefused(
      user,
      cryptoMethodForm({ currency: "BTC", cryptoNetwork: "polygon" }),
      "cryptoNetwork",
      "BTC cannot be sent on this network",
    );
  });

  test("refuses a mixed-case Ethereum address whose EIP-55 checksum does not match", async () => {
    const user = await createSignedInUser(ferry, { label: "pm-eip55" });

    await expectRefused(
      user,
      cryptoMethodForm({ cryptoAddress: WRONG_CASE_ADDRESS }),
      "cryptoAddress",
      "Checksum mismatch: check the address for typos",
    );
  });

  test("refuses an address that belongs to another network", async () => {
    const user = await createSignedInUser(ferry, { label: "pm-wrong-chain" });

    await expectRefused(
      user,
      cryptoMethodForm({ currency: "BTC", cryptoNetwork: "bitcoin", cryptoAddress: EIP55_ADDRESS }),
      "cryptoAddress",
      "This is not a valid Bitcoin address",
    );
  });

  test("refuses a taproot address whose key is not on the curve (issue 19)", async () => {
    const user = await createSignedInUser(ferry, { label: "pm-taproot" });

    await expectRefused(
      user,
      cryptoMethodForm({ currency: "BTC", cryptoNetwork: "bitcoin", cryptoAddress: TAPROOT_X_EQUALS_P }),
      "cryptoAddress",
      UNSPENDABLE_ADDRESS_MESSAGES.taprootKeyOffCurve,
    );
  });

  test("refuses known burn addresses (issue 19)", async () => {
    const user = await createSignedInUser(ferry, { label: "pm-burn" });

    await expectRefused(
      user,
      cryptoMethodForm({ cryptoAddress: `0x${"0".repeat(40)}` }),
      "cryptoAddress",
      UNSPENDABLE_ADDRESS_MESSAGES.burnAddress,
    );
    await expectRefused(
      user,
      cryptoMethodForm({ currency: "BTC", cryptoNetwork: "bitcoin", cryptoAddress: "1111111111111111111114oLvT2" }),
      "cryptoAddress",
      UNSPENDABLE_ADDRESS_MESSAGES.burnAddress,
    );
  });

  test("saves a taproot address whose key is on the curve", async () => {
    const user = await createSignedInUser(ferry, { label: "pm-taproot-ok" });
    const form = cryptoMethodForm({ currency: "BTC", cryptoNetwork: "bitcoin", cryptoAddress: BIP350_TAPROOT });

    const response = await sendAs(ferry.app, user, "POST", "/api/v1/payment-methods", form);

    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ cryptoNetwork: "bitcoin", cryptoAddress: BIP350_TAPROOT });
  });

  test("answers 401 'You must be logged in' without a session", async () => {
    const response = await send(ferry.app, {
      method: "POST",
      url: "/api/v1/payment-methods",
      ip: randomIp(),
      payload: bankMethodForm(),
    });

    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe("You must be logged in");
  });
});

describe("saving, listing, editing and deleting payment methods", () => {
  test("saves a bank method with the IBAN without spaces and the BIC in upper case", async () => {
    const user = await createSignedInUser(ferry, { label: "pm-bank-ok" });

    const response = await sendAs(ferry.app, user, "POST", "/api/v1/payment-methods", bankMethodForm());

    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      name: "My euro account",
      addressType: "bank",
      currency: "EUR",
      bankName: "Commerzbank",
      accountNumber: "DE89370400440532013000",
      swiftCode: "COBADEFFXXX",
      country: "DE",
      accountHolderName: "Ada Lovelace",
      cryptoAddress: null,
      cryptoNetwork: null,
    });
    expect(await listOf(user)).toEqual([response.json()]);
  });

  test("saves a crypto method with a lower-case Ethereum address in its EIP-55 form", async () => {
    const user = await createSignedInUser(ferry, { label: "pm-crypto-ok" });

    const response = await sendAs(
      ferry.app,
      user,
      "POST",
      "/api/v1/payment-methods",
      cryptoMethodForm({ cryptoAddress: `  ${EIP55_ADDRESS.toLowerCase()} `, cryptoNetwork: "polygon" }),
    );

    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      addressType: "crypto",
      currency: "ETH",
      cryptoNetwork: "polygon",
      cryptoAddress: EIP55_ADDRESS,
      bankName: null,
      accountNumber: null,
    });
  });

  test("lists the user's methods newest first", async () => {
    const user = await createSignedInUser(ferry, { label: "pm-order" });
    const first = await addPaymentMethod(ferry, user, bankMethodForm({ name: "First" }));
    const second = await addPaymentMethod(ferry, user, cryptoMethodForm({ name: "Second" }));
    const third = await addPaymentMethod(ferry, user, bankMethodForm({ name: "Third", currency: "USD" }));

    const list = await listOf(user);

    expect(list.map((method) => method.id)).toEqual([third, second, first]);
    expect(list.map((method) => method.name)).toEqual(["Third", "Second", "First"]);
  });

  test("replaces a method's details on update, validated and normalised like a new one", async () => {
    const user = await createSignedInUser(ferry, { label: "pm-update" });
    const id = await addPaymentMethod(ferry, user, bankMethodForm());

    const refused = await sendAs(
      ferry.app,
      user,
      "PUT",
      `/api/v1/payment-methods/${id}`,
      bankMethodForm({ swiftCode: "" }),
    );
    const response = await sendAs(
      ferry.app,
      user,
      "PUT",
      `/api/v1/payment-methods/${id}`,
      cryptoMethodForm({ name: " Ledger ", cryptoAddress: EIP55_ADDRESS.toLowerCase() }),
    );

    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.swiftCode).toBe("Please fill in all bank details");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      name: "Ledger",
      addressType: "crypto",
      cryptoAddress: EIP55_ADDRESS,
      bankName: null,
      accountNumber: null,
      swiftCode: null,
    });
    expect(await listOf(user)).toEqual([response.json()]);
  });

  test("deletes a method, after which it is gone and a second delete answers 404", async () => {
    const user = await createSignedInUser(ferry, { label: "pm-delete" });
    const kept = await addPaymentMethod(ferry, user, bankMethodForm({ name: "Kept" }));
    const removed = await addPaymentMethod(ferry, user, bankMethodForm({ name: "Removed" }));

    const response = await sendAs(ferry.app, user, "DELETE", `/api/v1/payment-methods/${removed}`);
    const again = await sendAs(ferry.app, user, "DELETE", `/api/v1/payment-methods/${removed}`);

    expect(response.statusCode, response.body).toBe(204);
    expect(again.statusCode).toBe(404);
    expect((await listOf(user)).map((method) => method.id)).toEqual([kept]);
  });
});

describe("payment methods are private", () => {
  test("another customer neither sees, edits nor deletes someone's method", async () => {
    const owner = await createSignedInUser(ferry, { label: "pm-owner" });
    const other = await createSignedInUser(ferry, { label: "pm-other" });
    const id = await addPaymentMethod(ferry, owner, bankMethodForm());
    const [before] = await listOf(owner);

    const list = await listOf(other);
    const update = await sendAs(
      ferry.app,
      other,
      "PUT",
      `/api/v1/payment-methods/${id}`,
      bankMethodForm({
        name: "Hijacked",
        accountNumber: "GB33BUKB20201555555555",
        swiftCode: "BUKBGB22",
        country: "GB",
      }),
    );
    const removal = await sendAs(ferry.app, other, "DELETE", `/api/v1/payment-methods/${id}`);

    expect(list).toEqual([]);
    expect(update.statusCode).toBe(404);
    expect(update.json().error.code).toBe("not_found");
    expect(removal.statusCode).toBe(404);
    expect(await listOf(owner)).toEqual([before]);
  });
});
