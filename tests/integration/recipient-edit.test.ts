// Editing and deleting saved Send Money recipients (PUT and DELETE /api/v1/recipients/:recipientId):
// an edit is validated and normalised like a new recipient and keeps the type, someone else's recipient
// reads as missing, both expire the transfer codes issued for the recipient, and a deleted recipient's
// past transfers stay in the history.
import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, createSignedInUser, readCodeFromMailbox, type TestApp } from "./helpers.ts";
import { fundWallet, type SignedInUser, sendAs } from "./money-helpers-deposits.ts";

const TRANSFER_CODE_SUBJECT = "Your Ferry transfer code";
/** Two valid German IBANs, typed with spaces as a person would; stored without them. */
const FIRST_IBAN = "DE89 3704 0044 0532 0130 00";
const SECOND_IBAN = "DE02 1203 0000 0000 2020 51";
/** Accepted by the old shape-only rule (letter O in the check digits); no IBAN today. */
const OLD_STYLE_IBAN = "DE8O370400440532013000";

let ferry: TestApp;

beforeAll(async () => {
  ferry = await buildTestApp();
});

afterAll(async () => {
  await ferry?.close();
});

/** A complete, valid bank recipient (EUR), with `overrides`. */
function bankRecipientForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: "bank",
    name: "Ada Lovelace",
    email: "ada@example.com",
    bankName: "Commerzbank",
    country: "DE",
    accountNumber: FIRST_IBAN,
    swiftCode: "cobadeffxxx",
    currency: "EUR",
    ...overrides,
  };
}

async function saveRecipient(user: SignedInUser, form: Record<string, unknown>): Promise<string> {
  const response = await sendAs(ferry.app, user, "POST", "/api/v1/recipients", form);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

async function editRecipient(
  user: SignedInUser,
  id: string,
  form: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return sendAs(ferry.app, user, "PUT", `/api/v1/recipients/${id}`, form);
}

type Listed = Record<string, unknown> & { id: string };

async function listedRecipients(user: SignedInUser, type = "bank"): Promise<Listed[]> {
  const response = await sendAs(ferry.app, user, "GET", `/api/v1/recipients?type=${type}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items;
}

async function storedRow(id: string) {
  return ferry.db.selectFrom("recipients").selectAll().where("id", "=", id).executeTakeFirst();
}

function toRecipient(recipientId: string, amount = "10.00") {
  return { target: { method: "bank", recipientId }, amount, currency: "EUR" };
}

/** Asks for the e-mailed code of a transfer to the recipient, expects it sent, and reads it. */
async function codeFor(user: SignedInUser, recipientId: string): Promise<string> {
  const response = await sendAs(
    ferry.app,
    user,
    "POST",
    "/api/v1/transfers/verification-code",
    toRecipient(recipientId),
  );
  expect(response.statusCode, response.body).toBe(200);
  return readCodeFromMailbox(ferry.db, user.email, TRANSFER_CODE_SUBJECT);
}

async function confirm(user: SignedInUser, recipientId: string, code: string): Promise<LightMyRequestResponse> {
  return sendAs(
    ferry.app,
    user,
    "POST",
    "/api/v1/transfers",
    { ...toRecipient(recipientId), code },
    { "idempotency-key": `recipient-edit-${randomUUID()}` },
  );
}

/** A signed-in customer holding EUR 100.00. */
async function fundedCustomer(label: string): Promise<SignedInUser> {
  const user = await createSignedInUser(ferry, { label });
  await fundWallet(ferry.db, user.userId, "EUR", "100.00");
  return user;
}

describe("editing a recipient", () => {
  test("validates the edit like a new recipient: a bad IBAN is refused on accountNumber and nothing changes", async () => {
    const user = await createSignedInUser(ferry, { label: "recipient-edit-iban" });
    const id = await saveRecipient(user, bankRecipientForm());
    const before = await storedRow(id);

    const typo = await editRecipient(user, id, bankRecipientForm({ accountNumber: "DE89 3704 0044 0532 0130 01" }));
    const blank = await editRecipient(user, id, bankRecipientForm({ name: " ", swiftCode: "" }));

    expect(typo.statusCode, typo.body).toBe(400);
    expect(typo.json().error.code).toBe("validation_failed");
    expect(typo.json().error.fields.accountNumber).toBe("Checksum mismatch: check the IBAN for typos");
    expect(blank.statusCode, blank.body).toBe(400);
    expect(Object.keys(blank.json().error.fields).sort()).toEqual(["name", "swiftCode"]);
    expect(await storedRow(id)).toEqual(before);
  });

  test("replaces the details and stores them normalised, as a new recipient's are", async () => {
    const user = await createSignedInUser(ferry, { label: "recipient-edit-normal" });
    const id = await saveRecipient(user, bankRecipientForm({ accountHolderName: "Ada King" }));

    const response = await editRecipient(
      user,
      id,
      bankRecipientForm({ name: " Ada King ", accountNumber: SECOND_IBAN, swiftCode: "byladem1001", currency: "USD" }),
    );

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      type: "bank",
      name: "Ada King",
      currency: "USD",
      accountNumber: "DE02120300000000202051",
      swiftCode: "BYLADEM1001",
      // Replaced whole: a field the edit leaves out is cleared.
      accountHolderName: null,
      needsReview: false,
    });
    expect(await storedRow(id)).toMatchObject({ account_number: "DE02120300000000202051", swift_code: "BYLADEM1001" });
    expect(await listedRecipients(user)).toEqual([response.json()]);
  });

  test("refuses to change a recipient's type, naming type, and changes nothing", async () => {
    const user = await createSignedInUser(ferry, { label: "recipient-edit-type" });
    const id = await saveRecipient(user, bankRecipientForm());
    const before = await storedRow(id);

    const response = await editRecipient(user, id, {
      type: "crypto",
      name: "Ada Lovelace",
      email: "ada@example.com",
      cryptoNetwork: "ethereum",
      cryptoAddress: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
      currency: "ETH",
    });

    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.code).toBe("validation_failed");
    expect(Object.keys(response.json().error.fields)).toEqual(["type"]);
    expect(await storedRow(id)).toEqual(before);
  });

  test("an edit with valid details clears the mark of a recipient saved under older rules, and it can be paid", async () => {
    const user = await fundedCustomer("recipient-edit-review");
    // Stored directly, as the old rules let it in (see stored-destinations.test.ts).
    const { id } = await ferry.db
      .insertInto("recipients")
      .values({
        user_id: user.userId,
        type: "bank",
        name: "Old bank",
        email: "old-bank@example.com",
        currency: "EUR",
        bank_name: "Commerzbank",
        country: "Germany",
        account_number: OLD_STYLE_IBAN,
        swift_code: "COBADEFFXXX",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const [flagged] = await listedRecipients(user);

    const response = await editRecipient(user, id, bankRecipientForm({ name: "Old bank" }));
    const quote = await sendAs(ferry.app, user, "POST", "/api/v1/transfers/quote", toRecipient(id));

    expect(flagged).toMatchObject({ id, needsReview: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id, needsReview: false, reviewReason: null });
    expect(await listedRecipients(user)).toMatchObject([{ id, needsReview: false, reviewReason: null }]);
    expect(quote.statusCode, quote.body).toBe(200);
  });

  test("a code requested for a recipient before an edit is refused after it, even with the details changed back", async () => {
    const user = await fundedCustomer("recipient-edit-code");
    const id = await saveRecipient(user, bankRecipientForm());
    const otherId = await saveRecipient(user, bankRecipientForm({ name: "Someone else" }));
    const code = await codeFor(user, id);
    const otherCode = await codeFor(user, otherId);

    const switched = await editRecipient(user, id, bankRecipientForm({ accountNumber: SECOND_IBAN }));
    const back = await editRecipient(user, id, bankRecipientForm());
    const refused = await confirm(user, id, code);
    // A code for another recipient of the same customer is untouched by the edit.
    const otherAccepted = await confirm(user, otherId, otherCode);
    const accepted = await confirm(user, id, await codeFor(user, id));

    expect(switched.statusCode, switched.body).toBe(200);
    expect(back.statusCode, back.body).toBe(200);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: "invalid_code",
      message: "This verification code has expired. Please request a new one.",
    });
    expect(otherAccepted.statusCode, otherAccepted.body).toBe(201);
    expect(accepted.statusCode, accepted.body).toBe(201);
  });
});

describe("deleting a recipient", () => {
  test("removes it from the list; a second delete answers 404", async () => {
    const user = await createSignedInUser(ferry, { label: "recipient-delete" });
    const kept = await saveRecipient(user, bankRecipientForm({ name: "Kept" }));
    const removed = await saveRecipient(user, bankRecipientForm({ name: "Removed" }));

    const response = await sendAs(ferry.app, user, "DELETE", `/api/v1/recipients/${removed}`);
    const again = await sendAs(ferry.app, user, "DELETE", `/api/v1/recipients/${removed}`);

    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe("");
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe("not_found");
    expect((await listedRecipients(user)).map((recipient) => recipient.id)).toEqual([kept]);
  });

  test("keeps past transfers to it in the history, with the details they were sent to", async () => {
    const user = await fundedCustomer("recipient-delete-history");
    const id = await saveRecipient(user, bankRecipientForm());
    const sent = await confirm(user, id, await codeFor(user, id));
    expect(sent.statusCode, sent.body).toBe(201);

    const response = await sendAs(ferry.app, user, "DELETE", `/api/v1/recipients/${id}`);
    const history = await sendAs(ferry.app, user, "GET", "/api/v1/transactions");
    const transfer = await sendAs(ferry.app, user, "GET", `/api/v1/transfers/${sent.json().id}`);

    expect(response.statusCode, response.body).toBe(204);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().items).toContainEqual(
      expect.objectContaining({
        id: `t${sent.json().id}`,
        type: "sent",
        method: "bank",
        amount: "10.00",
        counterparty: "ada@example.com",
      }),
    );
    expect(transfer.statusCode, transfer.body).toBe(200);
    expect(transfer.json()).toMatchObject({ recipientName: "Ada Lovelace", recipientEmail: "ada@example.com" });
    // The foreign key lets go of the deleted recipient; the transfer's own copy of the account stays.
    expect(
      await ferry.db
        .selectFrom("transfers")
        .select(["recipient_id", "recipient_account_number", "recipient_swift_code"])
        .where("id", "=", sent.json().id)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      recipient_id: null,
      recipient_account_number: "DE89370400440532013000",
      recipient_swift_code: "COBADEFFXXX",
    });
  });

  test("expires the codes issued for it", async () => {
    const user = await fundedCustomer("recipient-delete-code");
    const id = await saveRecipient(user, bankRecipientForm());
    await codeFor(user, id);

    const response = await sendAs(ferry.app, user, "DELETE", `/api/v1/recipients/${id}`);
    const open = await ferry.db
      .selectFrom("transfer_codes")
      .select("id")
      .where("user_id", "=", user.userId)
      .where("consumed_at", "is", null)
      .where("expires_at", ">", new Date())
      .execute();

    expect(response.statusCode, response.body).toBe(204);
    expect(open).toEqual([]);
  });
});

describe("recipients are private", () => {
  test("another customer can neither edit nor delete someone's recipient: 404, and it is unchanged", async () => {
    const owner = await createSignedInUser(ferry, { label: "recipient-owner" });
    const other = await createSignedInUser(ferry, { label: "recipient-other" });
    const id = await saveRecipient(owner, bankRecipientForm());
    const [before] = await listedRecipients(owner);

    const update = await editRecipient(other, id, bankRecipientForm({ name: "Hijacked", accountNumber: SECOND_IBAN }));
    const removal = await sendAs(ferry.app, other, "DELETE", `/api/v1/recipients/${id}`);
    const unknown = await editRecipient(owner, randomUUID(), bankRecipientForm());

    for (const response of [update, removal, unknown]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().error).toMatchObject({ code: "not_found", message: "Recipient not found" });
    }
    expect(await listedRecipients(owner)).toEqual([before]);
  });
});
