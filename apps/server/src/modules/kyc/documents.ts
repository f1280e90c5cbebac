import { ATTACHMENT_CONTENT_TYPES, type AttachmentContentType, MAX_ATTACHMENT_BYTES } from "@ferry/core/contracts/help";
import type { KycReviewDocument, UploadedKycDocument } from "@ferry/core/contracts/kyc";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../errors.ts";
import { keepUpload, servedFileName, type Upload, type UploadRules } from "../../http/upload.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import { type AuditActor, recordAdminAction } from "../audit/service.ts";
import {
  deleteDecidedDocuments,
  deleteEverythingOf,
  deleteEverythingOfClosedAccounts,
  deleteStaleUploads,
  insertDocument,
  type KycDocumentRow,
  selectSubmittedDocument,
} from "./queries.ts";

/*
 * The documents of identity checks. An upload is read by the one upload reader (http/upload.ts: size
 * counted as it streams, type read from the bytes) with the help desk's types and limit, and kept
 * through the file storage encrypted (storage/encrypted-storage.ts, the `storage` every function here
 * is given); the row says whose it is. Only admins read a document back, by its random id, and each
 * read is an audit row.
 */

const TOO_LARGE_MESSAGE = `Documents can be at most ${MAX_ATTACHMENT_BYTES / (1024 * 1024)} MB`;

/** What identity verification accepts: a photo or scan (PNG, JPEG, WebP) or a PDF, at most 5 MB. */
export const KYC_UPLOAD_RULES: UploadRules<AttachmentContentType> = {
  maxBytes: MAX_ATTACHMENT_BYTES,
  acceptedTypes: ATTACHMENT_CONTENT_TYPES,
  tooLargeMessage: TOO_LARGE_MESSAGE,
  wrongTypeMessage: "Upload a PNG, JPEG or WebP photo or scan, or a PDF",
};

/** Stores a checked upload for `ownerId`, encrypted, not yet part of any submission: its bytes, then its row. */
export async function storeKycUpload(
  db: Database,
  storage: FileStorage,
  ownerId: string,
  upload: Upload<AttachmentContentType>,
): Promise<UploadedKycDocument> {
  const row = await keepUpload(storage, KYC_UPLOAD_RULES, upload, "kyc", (file) =>
    insertDocument(db, {
      owner_user_id: ownerId,
      file_name: file.fileName,
      content_type: file.contentType,
      size: file.size,
      storage_key: file.storageKey,
    }),
  );
  return { id: row.id, fileName: row.file_name, contentType: upload.contentType, size: row.size };
}

/** A submitted document as the admin's review lists it, with the admin-only URL that serves it. */
export function toReviewDocument(row: KycDocumentRow): KycReviewDocument {
  const contentType = row.content_type as AttachmentContentType;
  return {
    id: row.id,
    kind: row.kind === "proof_of_address" ? "proof_of_address" : "government_id",
    fileName: servedFileName(row.file_name, contentType),
    contentType,
    size: row.size,
    url: `/api/v1/admin/kyc-documents/${row.id}`,
  };
}

/**
 * A submitted document's file for an admin, decrypted, and the audit row that says who viewed it:
 * the row is written before the bytes leave, so no document is seen without its record.
 */
export async function readKycDocument(
  db: Database,
  storage: FileStorage,
  actor: AuditActor,
  documentId: string,
): Promise<{ fileName: string; contentType: AttachmentContentType; bytes: Buffer }> {
  const row = await selectSubmittedDocument(db, documentId);
  const bytes = row ? await storage.get(row.storage_key) : null;
  if (!row || !bytes) {
    throw new AppError("not_found", "Document not found");
  }
  await recordAdminAction(db, {
    actor,
    action: "kyc_document.view",
    subjectType: "kyc_document",
    subjectId: row.id,
    before: null,
    after: null,
    details: { userId: row.owner_user_id, kind: row.kind, submissionId: row.submission_id },
  });
  const contentType = row.content_type as AttachmentContentType;
  return { fileName: servedFileName(row.file_name, contentType), contentType, bytes };
}

/** Removes the files of rows just deleted; a missing file is not an error (removal is safe to repeat). */
async function removeFiles(storage: FileStorage, keys: readonly string[]): Promise<number> {
  for (const key of keys) {
    await storage.remove(key);
  }
  return keys.length;
}

/**
 * Erases every identity document and decision of a user whose account is being closed (the right to
 * erasure), in the caller's transaction: the rows go, then the files. The audit log keeps who decided
 * what. Returns how many documents were erased.
 */
export async function eraseKycDocuments(db: Database, storage: FileStorage, userId: string): Promise<number> {
  return removeFiles(storage, await deleteEverythingOf(db, userId));
}

/** How long an upload may wait for the submission that names it. */
const UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Housekeeping: erases everything of closed accounts that is still kept, uploads never submitted within
 * a day, and the documents of decisions older than the operator's retention period (KYC_RETENTION_DAYS);
 * those decisions themselves stay. Safe to run again.
 */
export async function pruneKycDocuments(
  db: Database,
  storage: FileStorage,
  settings: { readonly retentionDays: number; readonly clock: Clock },
): Promise<{ erased: number }> {
  const now = settings.clock.now().getTime();
  const closed = await deleteEverythingOfClosedAccounts(db);
  const stale = await deleteStaleUploads(db, new Date(now - UPLOAD_GRACE_MS));
  const expired = await deleteDecidedDocuments(db, new Date(now - settings.retentionDays * DAY_MS));
  return { erased: await removeFiles(storage, [...closed, ...stale, ...expired]) };
}
