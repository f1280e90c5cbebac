import { nonAsciiCharacterMessage, VALIDATION_MESSAGES } from "@ferry/core/validation/messages";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, createSignedInUser, type TestApp } from "./helpers.ts";
import { bankMethodForm, type SignedInUser, sendAs } from "./money-helpers-deposits.ts";

/*
 * Issue 19, first part: one normalisation rule for pasted bank text and no checksum bypass, seen
 * through the HTTP layer for both money destinations (payment methods and Send Money recipients).
 */

let ferry: TestApp;

beforeAll(async () => {
  ferry = await buildTestApp();
});

afterAll(async () => {
  await ferry?.close();
});

/** The registry's German example IBAN as a web page or PDF groups it: with no-break spaces. */
const NBSP_IBAN = "DE89\u00A03704\u00A00044\u00A00532\u00A00130\u00A000";
const ELECTRONIC_IBAN = "DE89370400440532013000";

function bankRecipientForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: "bank",
    name: "Erika Mustermann",
    email: "erika@example.com",
    bankName: "Deutsche Bank",
    country: "Germany",
    accountNumber: NBSP_IBAN,
    swiftCode: "DEUTDEFF",
    currency: "EUR",
    ...overrides,
  };
}

async function storedAccountNumbers(user: SignedInUser): Promise<{ methods: string[]; recipients: string[] }> {
  const methods = await ferry.db
    .selectFrom("payment_methods")
    .select("account_number")
    .where("user_id", "=", user.userId)
    .execute();
  const recipients = await ferry.db
    .selectFrom("recipients")
    .select("account_number")
    .where("user_id", "=", user.userId)
    .execute();
  return {
    methods: methods.map((row) => String(row.account_number)),
    recipients: recipients.map((row) => String(row.account_number)),
  };
}

async function expectRefused(user: SignedInUser, url: string, form: Record<string, unknown>, message: string) {
  const response = await sendAs(ferry.app, user, "POST", url, form);
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().error.code).toBe("validation_failed");
  expect(response.json().error.fields.accountNumber).toBe(message);
}

describe("pasted bank details are stored normalised (issue 19)", () => {
  test("saves a payment method whose IBAN is grouped with no-break spaces in electronic form", async () => {
    const user = await createSignedInUser(ferry, { label: "bank-nbsp-pm" });

    const form = bankMethodForm({ accountNumber: NBSP_IBAN, swiftCode: "COBA\u00A0DE\u00A0FF" });
    const response = await sendAs(ferry.app, user, "POST", "/api/v1/payment-methods", form);

    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ accountNumber: ELECTRONIC_IBAN, swiftCode: "COBADEFF" });
    expect((await storedAccountNumbers(user)).methods).toEqual([ELECTRONIC_IBAN]);
  });

  test("saves a recipient pasted in the ISO paper form with its electronic IBAN", async () => {
    const user = await createSignedInUser(ferry, { label: "bank-paper-rcpt" });

    const form = bankRecipientForm({ accountNumber: "iban de89 3704 0044 0532 0130 00" });
    const response = await sendAs(ferry.app, user, "POST", "/api/v1/recipients", form);

    expect(response.statusCode, response.body).toBe(201);
    expect((await storedAccountNumbers(user)).recipients).toEqual([ELECTRONIC_IBAN]);
  });
});

describe("no checksum bypass through the API (issue 19)", () => {
  test.each([
    ["/api/v1/payment-methods", "payment method"],
    ["/api/v1/recipients", "recipient"],
  ])("refuses mistyped IBANs for a %s (%s) with a 400 naming accountNumber", async (url) => {
    const user = await createSignedInUser(ferry, { label: "bank-bypass" });
    const form = url === "/api/v1/recipients" ? bankRecipientForm : bankMethodForm;

    await expectRefused(user, url, form({ accountNumber: "DE8O370400440532013000" }), VALIDATION_MESSAGES.invalidIban);
    await expectRefused(
      user,
      url,
      form({ accountNumber: "DE-90-370400440532013000" }),
      VALIDATION_MESSAGES.ibanChecksum,
    );
    await expectRefused(user, url, form({ accountNumber: "0E89370400440532013000" }), VALIDATION_MESSAGES.mistypedIban);
    await expectRefused(user, url, form({ accountNumber: "AAAA" }), VALIDATION_MESSAGES.mistypedIban);
    await expectRefused(user, url, form({ accountNumber: "----" }), VALIDATION_MESSAGES.invalidAccountNumber);
    await expectRefused(
      user,
      url,
      form({ accountNumber: "GB82WE\u017FT12345698765432" }),
      nonAsciiCharacterMessage("\u017F"),
    );
    expect(await storedAccountNumbers(user)).toEqual({ methods: [], recipients: [] });
  });
});
