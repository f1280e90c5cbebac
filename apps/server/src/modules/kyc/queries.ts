import type { KycDocumentKind } from "@ferry/core/contracts/kyc";
import type { KycStatus } from "@ferry/core/contracts/profile";
import type { Insertable, Selectable } from "kysely";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";

export type KycDocumentRow = Selectable<DB["kyc_documents"]>;
export type KycSubmissionRow = Selectable<DB["kyc_submissions"]>;

export async function insertDocument(db: Database, values: Insertable<DB["kyc_documents"]>): Promise<KycDocumentRow> {
  return db.insertInto("kyc_documents").values(values).returningAll().executeTakeFirstOrThrow();
}

/** An upload of the owner's not yet part of any submission, locked until the transaction ends. */
export async function selectUnsubmittedDocument(
  db: Database,
  ownerId: string,
  documentId: string,
): Promise<KycDocumentRow | undefined> {
  return db
    .selectFrom("kyc_documents")
    .selectAll()
    .where("id", "=", documentId)
    .where("owner_user_id", "=", ownerId)
    .where("submission_id", "is", null)
    .forUpdate()
    .executeTakeFirst();
}

export async function attachDocument(
  db: Database,
  documentId: string,
  submissionId: string,
  kind: KycDocumentKind,
): Promise<void> {
  await db
    .updateTable("kyc_documents")
    .set({ submission_id: submissionId, kind })
    .where("id", "=", documentId)
    .execute();
}

export async function insertSubmission(db: Database, userId: string): Promise<KycSubmissionRow> {
  return db.insertInto("kyc_submissions").values({ user_id: userId }).returningAll().executeTakeFirstOrThrow();
}

/** A user's submissions, newest first. */
export async function selectSubmissions(db: Database, userId: string): Promise<KycSubmissionRow[]> {
  return db
    .selectFrom("kyc_submissions")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("submitted_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** The documents of some submissions. */
export async function selectSubmittedDocuments(db: Database, submissionIds: string[]): Promise<KycDocumentRow[]> {
  if (submissionIds.length === 0) {
    return [];
  }
  return db
    .selectFrom("kyc_documents")
    .selectAll()
    .where("submission_id", "in", submissionIds)
    .orderBy("kind")
    .execute();
}

/** The submission of a user waiting for review, locked until the transaction ends. */
export async function selectSubmissionUnderReview(db: Database, userId: string): Promise<KycSubmissionRow | undefined> {
  return db
    .selectFrom("kyc_submissions")
    .selectAll()
    .where("user_id", "=", userId)
    .where("status", "=", "under_review")
    .forUpdate()
    .executeTakeFirst();
}

export async function updateSubmissionDecision(
  db: Database,
  submissionId: string,
  decision: { status: "approved" | "rejected"; decidedBy: string; reason: string | null },
): Promise<void> {
  await db
    .updateTable("kyc_submissions")
    .set({ status: decision.status, decided_by: decision.decidedBy, decided_at: new Date(), reason: decision.reason })
    .where("id", "=", submissionId)
    .execute();
}

/** A submitted document by its id, with its owner. */
export async function selectSubmittedDocument(db: Database, documentId: string): Promise<KycDocumentRow | undefined> {
  return db
    .selectFrom("kyc_documents")
    .selectAll()
    .where("id", "=", documentId)
    .where("submission_id", "is not", null)
    .executeTakeFirst();
}

/**
 * The user's KYC status, the profile row locked until the transaction ends, so a submission and a
 * decision for the same user happen one after the other. Undefined when the user has no profile row.
 */
export async function lockKycStatus(db: Database, userId: string): Promise<KycStatus | undefined> {
  const row = await db
    .selectFrom("profiles")
    .select("kyc_status")
    .where("user_id", "=", userId)
    .forUpdate()
    .executeTakeFirst();
  return row?.kyc_status;
}

/** Sets the user's KYC status, creating their profile row if they have none. */
export async function upsertKycStatus(db: Database, userId: string, status: KycStatus): Promise<void> {
  await db
    .insertInto("profiles")
    .values({ user_id: userId, kyc_status: status })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ kyc_status: status, updated_at: new Date() }))
    .execute();
}

function storageKeysOf(rows: { storage_key: string }[]): string[] {
  return rows.map((row) => row.storage_key);
}

/** Every document and submission of a user (their account is being closed); the documents' storage keys. */
export async function deleteEverythingOf(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .deleteFrom("kyc_documents")
    .where("owner_user_id", "=", userId)
    .returning("storage_key")
    .execute();
  await db.deleteFrom("kyc_submissions").where("user_id", "=", userId).execute();
  return storageKeysOf(rows);
}

/** Every document and decision of a closed account (account_closures) still kept; the documents' storage keys. */
export async function deleteEverythingOfClosedAccounts(db: Database): Promise<string[]> {
  const closed = db.selectFrom("account_closures").select("user_id");
  const rows = await db
    .deleteFrom("kyc_documents")
    .where("owner_user_id", "in", closed)
    .returning("storage_key")
    .execute();
  await db.deleteFrom("kyc_submissions").where("user_id", "in", closed).execute();
  return storageKeysOf(rows);
}

/** Uploads made before `before` and never submitted; their storage keys. */
export async function deleteStaleUploads(db: Database, before: Date): Promise<string[]> {
  const rows = await db
    .deleteFrom("kyc_documents")
    .where("submission_id", "is", null)
    .where("created_at", "<", before)
    .returning("storage_key")
    .execute();
  return storageKeysOf(rows);
}

/** Documents of submissions decided before `before`; their storage keys. The decisions stay. */
export async function deleteDecidedDocuments(db: Database, before: Date): Promise<string[]> {
  const rows = await db
    .deleteFrom("kyc_documents")
    .where("submission_id", "in", (sub) =>
      sub.selectFrom("kyc_submissions").select("id").where("decided_at", "<", before),
    )
    .returning("storage_key")
    .execute();
  return storageKeysOf(rows);
}
