import {
  BANK_MESSAGES,
  bicCountryMismatchMessage,
  ibanCountryMismatchMessage,
  ibanRequiredMessage,
  nonAsciiCharacterMessage,
  VALIDATION_MESSAGES,
} from "@ferry/core/validation/messages";
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
    country: "DE",
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

/** The field → message pairs of a 400, after checking nothing was stored for the user. */
async function refusedFields(user: SignedInUser, url: string, form: Record<string, unknown>) {
  const response = await sendAs(ferry.app, user, "POST", url, form);
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().error.code).toBe("validation_failed");
  return response.json().error.fields as Record<string, string>;
}

describe("the country decides the format (issue 19)", () => {
  const forms = {
    "/api/v1/recipients": bankRecipientForm,
    "/api/v1/payment-methods": bankMethodForm,
  } as const;

  test.each(Object.keys(forms) as (keyof typeof forms)[])("%s refuses each mismatch on its field", async (url) => {
    const form = forms[url];
    const user = await createSignedInUser(ferry, { label: "bank-country" });
    expect(await refusedFields(user, url, form({ country: "Germany" }))).toEqual({
      country: BANK_MESSAGES.chooseCountry,
    });
    expect(await refusedFields(user, url, form({ country: "AT", swiftCode: "BKAUATWW" }))).toEqual({
      accountNumber: ibanCountryMismatchMessage("DE"),
    });
    expect(await refusedFields(user, url, form({ accountNumber: "0532013000" }))).toEqual({
      accountNumber: ibanRequiredMessage("DE"),
    });
    expect(await refusedFields(user, url, form({ swiftCode: "BNPAFRPP" }))).toEqual({
      swiftCode: bicCountryMismatchMessage("FR"),
    });
    const american = { country: "US", currency: "USD", accountNumber: "000123456789", swiftCode: "CHASUS33" };
    expect(Object.keys(await refusedFields(user, url, form(american)))).toEqual(["routingNumber"]);
    expect(await refusedFields(user, url, form({ ...american, routingNumber: "021000022" }))).toEqual({
      routingNumber: BANK_MESSAGES.routingNumberChecksum,
    });
    const canadian = { country: "CA", currency: "CAD", accountNumber: "1234567", swiftCode: "ROYCCAT2" };
    expect(
      await refusedFields(user, url, form({ ...canadian, transitNumber: "1234", institutionNumber: "003" })),
    ).toEqual({ transitNumber: BANK_MESSAGES.transitNumber });
    const australian = { country: "AU", currency: "AUD", accountNumber: "1234", bsb: "062-000", swiftCode: "CTBAAU2S" };
    expect(await refusedFields(user, url, form(australian))).toEqual({
      accountNumber: BANK_MESSAGES.australianAccountNumber,
    });
    expect(await storedAccountNumbers(user)).toEqual({ methods: [], recipients: [] });
  });

  test("stores the domestic fields as typed on cards and returns them normalised", async () => {
    const user = await createSignedInUser(ferry, { label: "bank-national" });
    const recipient = await sendAs(
      ferry.app,
      user,
      "POST",
      "/api/v1/recipients",
      bankRecipientForm({
        country: "AU",
        currency: "AUD",
        accountNumber: "1234 5678",
        bsb: "062-000",
        swiftCode: "ctbaau2s",
      }),
    );
    expect(recipient.statusCode, recipient.body).toBe(201);
    expect(recipient.json()).toMatchObject({
      country: "AU",
      accountNumber: "12345678",
      bsb: "062000",
      routingNumber: null,
      swiftCode: "CTBAAU2S",
      needsReview: false,
    });
    const canadian = await sendAs(
      ferry.app,
      user,
      "POST",
      "/api/v1/recipients",
      bankRecipientForm({
        country: "CA",
        currency: "CAD",
        accountNumber: "1234567",
        transitNumber: "12345",
        institutionNumber: "003",
        swiftCode: "ROYCCAT2",
      }),
    );
    expect(canadian.json()).toMatchObject({ transitNumber: "12345", institutionNumber: "003", needsReview: false });
    const stored = await ferry.db
      .selectFrom("recipients")
      .select(["country", "bank_code"])
      .where("user_id", "=", user.userId)
      .orderBy("created_at")
      .execute();
    expect(stored).toEqual([
      { country: "AU", bank_code: "062000" },
      { country: "CA", bank_code: "000312345" },
    ]);
  });

  test("a UK payment method in GBP takes a sort code and account that pass VocaLink's modulus check", async () => {
    const user = await createSignedInUser(ferry, { label: "bank-uk" });
    const british = {
      country: "GB",
      currency: "GBP",
      bankName: "Barclays",
      sortCode: "20-20-15",
      swiftCode: "BUKBGB22",
    };
    expect(
      await refusedFields(user, "/api/v1/payment-methods", bankMethodForm({ ...british, accountNumber: "55555556" })),
    ).toEqual({ accountNumber: BANK_MESSAGES.ukModulus });
    const saved = await sendAs(
      ferry.app,
      user,
      "POST",
      "/api/v1/payment-methods",
      bankMethodForm({ ...british, accountNumber: "5555 5555" }),
    );
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({ accountNumber: "55555555", sortCode: "202015", needsReview: false });
  });
});
