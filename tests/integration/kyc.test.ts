import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { CurrencyCode } from "@ferry/core/currencies";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Clock } from "../../apps/server/src/clock.ts";
import { eraseKycDocuments, pruneKycDocuments } from "../../apps/server/src/modules/kyc/service.ts";
import { localDirectoryStorage } from "../../apps/server/src/storage/file-storage.ts";
import {
  BANK_PAYMENT_METHOD,
  BANK_RECIPIENT,
  createPersona,
  multipartUpload,
  TINY_PNG,
  VALID_EVM_ADDRESS,
} from "./api-surface.ts";
import { buildTestApp, fundWallet, issueCode, type SessionUser, send, type TestApp } from "./helpers.ts";

/*
 * Issue 26, identity verification: uploads are read as help attachments are and kept encrypted; only
 * admins read them back, each view audited; the status moves pending → under_review → approved or
 * rejected (and a rejected customer submits again); the level that follows sets the daily limit on
 * bank and crypto transfers and cash-outs.
 */

let ferry: TestApp;
let storageDir: string;

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(os.tmpdir(), "ferry-kyc-files-"));
  // 100 EUR and 1 ETH a day once verified, 10 % of them before.
  ferry = await buildTestApp({
    FILE_STORAGE_DIR: storageDir,
    CASHOUT_DAILY_LIMITS: '{"EUR":"100","ETH":"1"}',
    CASHOUT_UNVERIFIED_PERCENT: "10",
  });
});

afterAll(async () => {
  await ferry?.close();
});

/** A PDF with a name and a number in it, as a scanned passport would carry. */
const PASSPORT_PDF = Buffer.from("%PDF-1.7\nPassport of Ada Lovelace, number P1234567, born 10 Dec 1815\n%%EOF\n");

function as(user: SessionUser, method: "GET" | "POST", url: string, payload?: unknown, headers = {}) {
  return send(ferry.app, { method, url, ip: user.ip, cookie: user.cookie, payload, headers });
}

async function uploadDocument(user: SessionUser, fileName: string, bytes: Buffer) {
  const upload = multipartUpload(fileName, bytes);
  return as(user, "POST", "/api/v1/kyc-documents", upload.payload, upload.headers);
}

/** Uploads a passport and a utility bill and returns their ids. */
async function uploadBoth(
  user: SessionUser,
): Promise<{ governmentIdDocumentId: string; proofOfAddressDocumentId: string }> {
  const passport = await uploadDocument(user, "passport.pdf", PASSPORT_PDF);
  const bill = await uploadDocument(user, "bill.png", TINY_PNG);
  expect(passport.statusCode, passport.body).toBe(201);
  expect(bill.statusCode, bill.body).toBe(201);
  return { governmentIdDocumentId: passport.json().id, proofOfAddressDocumentId: bill.json().id };
}

async function submitBoth(user: SessionUser) {
  return as(user, "POST", "/api/v1/me/kyc/submissions", await uploadBoth(user));
}

function decide(admin: SessionUser, user: SessionUser, decision: Record<string, string>) {
  return as(admin, "POST", `/api/v1/admin/users/${user.userId}/kyc/decision`, decision);
}

async function auditActionsOn(subjectId: string): Promise<string[]> {
  const rows = await ferry.db
    .selectFrom("audit_log")
    .select("action")
    .where("subject_id", "=", subjectId)
    .orderBy("created_at")
    .execute();
  return rows.map((row) => row.action);
}

async function storageKeysOf(userId: string): Promise<string[]> {
  const rows = await ferry.db
    .selectFrom("kyc_documents")
    .select("storage_key")
    .where("owner_user_id", "=", userId)
    .execute();
  return rows.map((row) => row.storage_key);
}

async function submissionCountOf(userId: string): Promise<number> {
  const rows = await ferry.db.selectFrom("kyc_submissions").select("id").where("user_id", "=", userId).execute();
  return rows.length;
}

describe("uploads", () => {
  test("refuses a file over 5 MB and a file that is not an image or a PDF, keeping nothing", async () => {
    const customer = await createPersona(ferry, "kyc-limits");

    const tooLarge = await uploadDocument(
      customer,
      "scan.png",
      Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024)]),
    );
    const wrongType = await uploadDocument(customer, "passport.pdf", Buffer.from("MZ\u0090 not a pdf"));

    expect(tooLarge.statusCode, tooLarge.body).toBe(413);
    expect(tooLarge.json().error.fields).toEqual({ file: "Documents can be at most 5 MB" });
    expect(wrongType.statusCode, wrongType.body).toBe(415);
    expect(wrongType.json().error.fields).toEqual({ file: "Upload a PNG, JPEG or WebP photo or scan, or a PDF" });
    expect(await storageKeysOf(customer.userId)).toEqual([]);
  });

  test("keeps the file encrypted: the stored bytes are not the file and name nothing in it", async () => {
    const customer = await createPersona(ferry, "kyc-encrypted");

    const response = await uploadDocument(customer, "passport.pdf", PASSPORT_PDF);

    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ fileName: "passport.pdf", contentType: "application/pdf" });
    const [key] = await storageKeysOf(customer.userId);
    const stored = await readFile(path.join(storageDir, key.slice(0, 2), key));
    expect(stored.equals(PASSPORT_PDF)).toBe(false);
    expect(stored.includes(Buffer.from("Lovelace"))).toBe(false);
    expect(stored.includes(Buffer.from("%PDF"))).toBe(false);
    // A direct storage read (a copied folder, a bucket) gets the same ciphertext, nothing usable.
    expect(await localDirectoryStorage(storageDir).get(key)).toEqual(stored);
  });
});

describe("access", () => {
  test("only admins read a submitted document back, by its id, and each view is an audit row", async () => {
    const customer = await createPersona(ferry, "kyc-owner");
    const other = await createPersona(ferry, "kyc-other");
    const admin = await createPersona(ferry, "kyc-admin", true);
    expect((await submitBoth(customer)).statusCode).toBe(201);
    const review = await as(admin, "GET", `/api/v1/admin/users/${customer.userId}/kyc`);
    const passport = review
      .json()
      .submissions[0].documents.find((document: { kind: string }) => document.kind === "government_id");

    const byOwner = await as(customer, "GET", passport.url);
    const byOther = await as(other, "GET", passport.url);
    const byAdmin = await as(admin, "GET", passport.url);

    expect(byOwner.statusCode).toBe(403);
    expect(byOther.statusCode).toBe(403);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.rawPayload.equals(PASSPORT_PDF)).toBe(true);
    expect(byAdmin.headers["content-type"]).toBe("application/pdf");
    expect(byAdmin.headers["cache-control"]).toBe("private, no-store");
    expect(passport.url).toBe(`/api/v1/admin/kyc-documents/${passport.id}`);
    expect(await auditActionsOn(passport.id)).toEqual(["kyc_document.view"]);
  });

  test("another customer's upload cannot be submitted as one's own", async () => {
    const owner = await createPersona(ferry, "kyc-upload-owner");
    const thief = await createPersona(ferry, "kyc-thief");
    const ids = await uploadBoth(owner);

    const response = await as(thief, "POST", "/api/v1/me/kyc/submissions", ids);

    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fields).toEqual({
      governmentIdDocumentId: "That upload was not found: upload the file again",
    });
    const status = await as(thief, "GET", "/api/v1/me/kyc");
    expect(status.json().status).toBe("pending");
  });

  test("a customer's own overview lists their documents without any way to fetch them", async () => {
    const customer = await createPersona(ferry, "kyc-overview");
    await submitBoth(customer);

    const response = await as(customer, "GET", "/api/v1/me/kyc");

    expect(response.json().documents).toEqual([
      { kind: "government_id", fileName: "passport.pdf", contentType: "application/pdf", size: PASSPORT_PDF.length },
      { kind: "proof_of_address", fileName: "bill.png", contentType: "image/png", size: TINY_PNG.length },
    ]);
    expect(response.body).not.toContain("kyc-documents");
  });
});

describe("status", () => {
  test("pending → under_review → rejected with a reason → submitted again → approved, each decision audited", async () => {
    const customer = await createPersona(ferry, "kyc-flow");
    const admin = await createPersona(ferry, "kyc-flow-admin", true);
    expect((await as(customer, "GET", "/api/v1/me/kyc")).json()).toMatchObject({
      status: "pending",
      submittedAt: null,
    });

    const submitted = await submitBoth(customer);
    const twice = await submitBoth(customer);
    const noReason = await decide(admin, customer, { decision: "reject" });
    const rejected = await decide(admin, customer, { decision: "reject", reason: "The photo is blurred" });
    const seenRejected = await as(customer, "GET", "/api/v1/me/kyc");
    const again = await submitBoth(customer);
    const approved = await decide(admin, customer, { decision: "approve" });
    const afterApproval = await submitBoth(customer);
    const nothingToDecide = await decide(admin, customer, { decision: "approve" });

    expect(submitted.statusCode, submitted.body).toBe(201);
    expect(submitted.json()).toMatchObject({ status: "under_review", rejectionReason: null });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe("Your documents are already under review");
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toEqual({ reason: "Please give a reason for the rejection" });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(seenRejected.json()).toMatchObject({ status: "rejected", rejectionReason: "The photo is blurred" });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ status: "under_review", rejectionReason: null });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe("approved");
    expect(approved.json().submissions.map((submission: { status: string }) => submission.status)).toEqual([
      "approved",
      "rejected",
    ]);
    expect(afterApproval.statusCode).toBe(409);
    expect(nothingToDecide.statusCode).toBe(409);
    expect((await as(customer, "GET", "/api/v1/me")).json().kycStatus).toBe("approved");
    expect(await auditActionsOn(customer.userId)).toEqual(["kyc.reject", "kyc.approve"]);
    const notices = await ferry.db
      .selectFrom("notifications")
      .select(["title", "message"])
      .where("user_id", "=", customer.userId)
      .orderBy("created_at")
      .execute();
    expect(notices.map((notice) => notice.title)).toEqual(["Identity verification rejected", "Identity verified"]);
    expect(notices[0].message).toContain("The photo is blurred");
  });

  test("a decision for a user with nothing under review changes nothing", async () => {
    const customer = await createPersona(ferry, "kyc-idle");
    const admin = await createPersona(ferry, "kyc-idle-admin", true);

    const response = await decide(admin, customer, { decision: "approve" });
    const missing = await as(admin, "GET", `/api/v1/admin/users/no-such-user-${randomUUID()}/kyc`);

    expect(response.statusCode).toBe(409);
    expect((await as(customer, "GET", "/api/v1/me/kyc")).json().status).toBe("pending");
    expect(await auditActionsOn(customer.userId)).toEqual([]);
    expect(missing.statusCode).toBe(404);
  });
});

describe("limits by verification level", () => {
  async function createDestinations(customer: SessionUser) {
    const bank = await as(customer, "POST", "/api/v1/recipients", BANK_RECIPIENT);
    const crypto = await as(customer, "POST", "/api/v1/recipients", {
      type: "crypto",
      name: "My wallet",
      email: "me@example.com",
      cryptoAddress: VALID_EVM_ADDRESS,
      cryptoNetwork: "ethereum",
      currency: "ETH",
    });
    const method = await as(customer, "POST", "/api/v1/payment-methods", BANK_PAYMENT_METHOD);
    for (const response of [bank, crypto, method]) {
      expect(response.statusCode, response.body).toBe(201);
    }
    return { bankId: bank.json().id, cryptoId: crypto.json().id, methodId: method.json().id };
  }

  async function sendOut(
    customer: SessionUser,
    target: { method: string; recipientId?: string; paymentMethodId?: string },
    amount: string,
    currency: CurrencyCode,
    amountMinor: bigint,
  ) {
    const recipientKey = target.recipientId
      ? `recipient:${target.recipientId}`
      : `payment-method:${target.paymentMethodId}`;
    const code = await issueCode(ferry, { userId: customer.userId, recipientKey, amountMinor, currency });
    return as(
      customer,
      "POST",
      "/api/v1/transfers",
      { target, amount, currency, code },
      { "idempotency-key": `kyc-${randomUUID()}` },
    );
  }

  test("bank, crypto and cash-out are held to the unverified limit until an admin approves, then to the full one", async () => {
    const customer = await createPersona(ferry, "kyc-limits-customer");
    const admin = await createPersona(ferry, "kyc-limits-admin", true);
    await fundWallet(ferry.db, customer.userId, "EUR", 50_000n);
    await fundWallet(ferry.db, customer.userId, "ETH", 2n * 10n ** 18n);
    const { bankId, cryptoId, methodId } = await createDestinations(customer);
    const bank = () => sendOut(customer, { method: "bank", recipientId: bankId }, "20.00", "EUR", 2_000n);
    const crypto = () => sendOut(customer, { method: "crypto", recipientId: cryptoId }, "0.2", "ETH", 2n * 10n ** 17n);
    const cashOut = () =>
      sendOut(customer, { method: "withdrawal", paymentMethodId: methodId }, "20.00", "EUR", 2_000n);
    const limitsBefore = (await as(customer, "GET", "/api/v1/me/kyc")).json();

    const refused = [await bank(), await crypto(), await cashOut()];
    await submitBoth(customer);
    expect((await decide(admin, customer, { decision: "approve" })).statusCode).toBe(200);
    const allowed = [await bank(), await crypto(), await cashOut()];
    const limitsAfter = (await as(customer, "GET", "/api/v1/me/kyc")).json();

    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().error.code).toBe("limit_exceeded");
    }
    for (const response of allowed) {
      expect(response.statusCode, response.body).toBe(201);
    }
    expect(limitsBefore).toMatchObject({
      level: "unverified",
      limits: [
        { currency: "EUR", currentLimit: "10.00", verifiedLimit: "100.00" },
        { currency: "ETH", currentLimit: "0.100000000000000000", verifiedLimit: "1.000000000000000000" },
      ],
    });
    expect(limitsAfter).toMatchObject({
      level: "verified",
      limits: [
        { currency: "EUR", currentLimit: "100.00", verifiedLimit: "100.00" },
        { currency: "ETH", currentLimit: "1.000000000000000000", verifiedLimit: "1.000000000000000000" },
      ],
    });
  });

  test("an approved identity without a verified e-mail keeps the unverified limit", async () => {
    const customer = await createPersona(ferry, "kyc-unverified-email");
    const admin = await createPersona(ferry, "kyc-email-admin", true);
    await ferry.db.updateTable("user").set({ emailVerified: false }).where("id", "=", customer.userId).execute();
    await submitBoth(customer);
    await decide(admin, customer, { decision: "approve" });

    const overview = (await as(customer, "GET", "/api/v1/me/kyc")).json();

    expect(overview).toMatchObject({ status: "approved", level: "unverified", emailVerified: false });
  });
});

describe("retention", () => {
  /** A clock `days` days ahead of now. */
  function clockAhead(days: number): Clock {
    return { now: () => new Date(Date.now() + days * 24 * 60 * 60 * 1000) };
  }

  async function filesOf(userId: string): Promise<(Buffer | null)[]> {
    const storage = localDirectoryStorage(storageDir);
    return Promise.all((await storageKeysOf(userId)).map((key) => storage.get(key)));
  }

  test("housekeeping erases uploads never submitted after a day, and decided documents after the retention period", async () => {
    const decided = await createPersona(ferry, "kyc-retained");
    const idle = await createPersona(ferry, "kyc-idle-upload");
    const admin = await createPersona(ferry, "kyc-retention-admin", true);
    await submitBoth(decided);
    await decide(admin, decided, { decision: "reject", reason: "Expired passport" });
    await uploadDocument(idle, "passport.pdf", PASSPORT_PDF);
    const keys = [...(await storageKeysOf(decided.userId)), ...(await storageKeysOf(idle.userId))];
    const storage = localDirectoryStorage(storageDir);

    await pruneKycDocuments(ferry.db, storage, { retentionDays: 30, clock: clockAhead(2) });
    const afterTwoDays = { decided: await filesOf(decided.userId), idle: await storageKeysOf(idle.userId) };
    await pruneKycDocuments(ferry.db, storage, { retentionDays: 30, clock: clockAhead(31) });

    expect(afterTwoDays.decided).toHaveLength(2);
    expect(afterTwoDays.decided.every((bytes) => bytes !== null)).toBe(true);
    expect(afterTwoDays.idle).toEqual([]);
    expect(await storageKeysOf(decided.userId)).toEqual([]);
    expect(await Promise.all(keys.map((key) => storage.get(key)))).toEqual([null, null, null]);
    // The decision stays, and the customer still sees it.
    expect((await as(decided, "GET", "/api/v1/me/kyc")).json()).toMatchObject({
      status: "rejected",
      rejectionReason: "Expired passport",
      documents: [],
    });
  });

  test("housekeeping erases the documents and decisions of a closed account", async () => {
    const customer = await createPersona(ferry, "kyc-closed");
    const admin = await createPersona(ferry, "kyc-closing-admin", true);
    await submitBoth(customer);
    const keys = await storageKeysOf(customer.userId);
    await ferry.db
      .insertInto("account_closures")
      .values({ user_id: customer.userId, closed_by: admin.userId })
      .execute();
    const storage = localDirectoryStorage(storageDir);

    await pruneKycDocuments(ferry.db, storage, { retentionDays: 30, clock: clockAhead(0) });

    expect(await storageKeysOf(customer.userId)).toEqual([]);
    expect(await Promise.all(keys.map((key) => storage.get(key)))).toEqual([null, null]);
    expect(await submissionCountOf(customer.userId)).toBe(0);
  });

  test("an admin's delete of the account erases its documents and decisions at once", async () => {
    const customer = await createPersona(ferry, "kyc-deleted");
    const admin = await createPersona(ferry, "kyc-deleting-admin", true);
    await submitBoth(customer);
    const keys = await storageKeysOf(customer.userId);

    const response = await send(ferry.app, {
      method: "DELETE",
      url: `/api/v1/admin/users/${customer.userId}`,
      ip: admin.ip,
      cookie: admin.cookie,
    });

    expect(response.statusCode, response.body).toBeLessThan(300);
    expect(await storageKeysOf(customer.userId)).toEqual([]);
    const storage = localDirectoryStorage(storageDir);
    expect(await Promise.all(keys.map((key) => storage.get(key)))).toEqual([null, null]);
  });

  test("erasing a closed account's documents removes its rows, its decisions and its files", async () => {
    const customer = await createPersona(ferry, "kyc-erased");
    await submitBoth(customer);
    const keys = await storageKeysOf(customer.userId);

    const erased = await eraseKycDocuments(ferry.db, localDirectoryStorage(storageDir), customer.userId);

    expect(erased).toBe(2);
    expect(await storageKeysOf(customer.userId)).toEqual([]);
    expect(await submissionCountOf(customer.userId)).toBe(0);
    const remaining = (await readdir(storageDir, { recursive: true })).map(String);
    expect(remaining.filter((file) => keys.some((key) => file.endsWith(key)))).toEqual([]);
  });
});
