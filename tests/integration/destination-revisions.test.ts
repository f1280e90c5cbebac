// Issue 25: a saved destination (a Send Money recipient or a cash-out payment method) has a revision
// that every edit raises, and a transfer code is bound to the revision it was issued at. An edit ends
// the codes issued before it by itself: the destinations module writes nothing into transfers' codes.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, createSignedInUser, readCodeFromMailbox, type TestApp } from "./helpers.ts";
import { bankMethodForm, fundWallet, type SignedInUser, sendAs } from "./money-helpers-deposits.ts";

const TRANSFER_CODE_SUBJECT = "Your Ferry transfer code";
/** A second valid German IBAN, to edit a destination away from the forms' own and back. */
const SECOND_IBAN = "DE02 1203 0000 0000 2020 51";

let ferry: TestApp;

beforeAll(async () => {
  ferry = await buildTestApp();
});

afterAll(async () => {
  await ferry?.close();
});

/** One kind of saved destination: where it is saved and edited, its form, and a transfer to it. */
interface DestinationKind {
  readonly name: string;
  readonly path: string;
  readonly table: "recipients" | "payment_methods";
  readonly form: Record<string, unknown>;
  readonly target: (id: string) => Record<string, unknown>;
}

const KINDS: readonly DestinationKind[] = [
  {
    name: "a Send Money recipient",
    path: "/api/v1/recipients",
    table: "recipients",
    form: {
      type: "bank",
      name: "Ada Lovelace",
      email: "ada@example.com",
      bankName: "Commerzbank",
      country: "DE",
      accountNumber: "DE89 3704 0044 0532 0130 00",
      swiftCode: "COBADEFFXXX",
      currency: "EUR",
    },
    target: (recipientId) => ({ method: "bank", recipientId }),
  },
  {
    name: "a cash-out payment method",
    path: "/api/v1/payment-methods",
    table: "payment_methods",
    form: bankMethodForm(),
    target: (paymentMethodId) => ({ method: "withdrawal", paymentMethodId }),
  },
];

async function save(user: SignedInUser, kind: DestinationKind): Promise<string> {
  const response = await sendAs(ferry.app, user, "POST", kind.path, kind.form);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

async function edit(user: SignedInUser, kind: DestinationKind, id: string, form: Record<string, unknown>) {
  const response = await sendAs(ferry.app, user, "PUT", `${kind.path}/${id}`, form);
  expect(response.statusCode, response.body).toBe(200);
}

async function codeFor(user: SignedInUser, kind: DestinationKind, id: string): Promise<string> {
  const details = { target: kind.target(id), amount: "10.00", currency: "EUR" };
  const response = await sendAs(ferry.app, user, "POST", "/api/v1/transfers/verification-code", details);
  expect(response.statusCode, response.body).toBe(200);
  return readCodeFromMailbox(ferry.db, user.email, TRANSFER_CODE_SUBJECT);
}

async function send(user: SignedInUser, kind: DestinationKind, id: string, code: string) {
  const request = { target: kind.target(id), amount: "10.00", currency: "EUR", code };
  return sendAs(ferry.app, user, "POST", "/api/v1/transfers", request, { "idempotency-key": `rev-${randomUUID()}` });
}

async function codesOf(userId: string) {
  return ferry.db
    .selectFrom("transfer_codes")
    .select(["id", "expires_at", "attempts", "consumed_at", "destination_revision"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
}

describe.each(KINDS)("editing $name", (kind) => {
  test("makes its earlier code fail even when the details are changed back, without touching the code", async () => {
    const user = await createSignedInUser(ferry, { label: `revision-${kind.table}` });
    await fundWallet(ferry.db, user.userId, "EUR", "100.00");
    const id = await save(user, kind);
    const code = await codeFor(user, kind, id);
    const issued = await codesOf(user.userId);

    await edit(user, kind, id, { ...kind.form, accountNumber: SECOND_IBAN });
    await edit(user, kind, id, kind.form);
    const refused = await send(user, kind, id, code);
    const afterEdits = await codesOf(user.userId);
    const accepted = await send(user, kind, id, await codeFor(user, kind, id));

    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: "invalid_code",
      message: "This verification code has expired. Please request a new one.",
    });
    // The code's row is as it was issued: the edits raised the revision and wrote nothing into codes.
    expect(issued).toMatchObject([{ destination_revision: 1 }]);
    expect(afterEdits).toEqual(issued);
    const { revision } = await ferry.db
      .selectFrom(kind.table)
      .select("revision")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(revision).toBe(3);
    expect(accepted.statusCode, accepted.body).toBe(201);
  });
});
