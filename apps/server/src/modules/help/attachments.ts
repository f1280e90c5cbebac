import {
  ATTACHMENT_CONTENT_TYPES,
  type AttachmentContentType,
  type HelpAttachment,
  MAX_ATTACHMENT_BYTES,
  type UploadedHelpAttachment,
} from "@ferry/core/contracts/help";
import type { Database } from "../../db/database.ts";
import { keepUpload, servedFileName, type Upload, type UploadRules } from "../../http/upload.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import { deleteStaleUploads, type HelpAttachmentRow, insertAttachment } from "./queries.ts";

/*
 * Attachments of help requests and replies: screenshots and PDFs. The upload is read and checked by
 * the one upload reader (http/upload.ts: size counted as it streams, type read from the bytes, the
 * name's extension following the type); the bytes go to the file storage and the database keeps the
 * row that says who may read them.
 */

const TOO_LARGE_MESSAGE = `Attachments can be at most ${MAX_ATTACHMENT_BYTES / (1024 * 1024)} MB`;

/** What the help desk accepts: its types, at most 5 MB. */
export const ATTACHMENT_RULES: UploadRules<AttachmentContentType> = {
  maxBytes: MAX_ATTACHMENT_BYTES,
  acceptedTypes: ATTACHMENT_CONTENT_TYPES,
  tooLargeMessage: TOO_LARGE_MESSAGE,
  wrongTypeMessage: "Attach a PNG, JPEG or WebP screenshot, or a PDF",
};

/** Stores a checked upload for `ownerId`, not yet part of any message: its bytes, then its row. */
export async function storeUpload(
  db: Database,
  storage: FileStorage,
  ownerId: string,
  upload: Upload<AttachmentContentType>,
): Promise<UploadedHelpAttachment> {
  const row = await keepUpload(storage, ATTACHMENT_RULES, upload, "help", (file) =>
    insertAttachment(db, {
      owner_user_id: ownerId,
      file_name: file.fileName,
      content_type: file.contentType,
      size: file.size,
      storage_key: file.storageKey,
    }),
  );
  return { id: row.id, fileName: row.file_name, contentType: upload.contentType, size: row.size };
}

/**
 * An attachment as the API shows it, with the URL that serves it: the customer's own route for the
 * request's owner, the help desk's for an admin.
 */
export function toHelpAttachment(row: HelpAttachmentRow, forAdmin: boolean): HelpAttachment {
  const base = forAdmin ? "/api/v1/admin/help-requests" : "/api/v1/help-requests";
  const contentType = row.content_type as AttachmentContentType;
  return {
    id: row.id,
    // Rows stored before names followed the type (issue 24) get the right extension here too.
    fileName: servedFileName(row.file_name, contentType),
    contentType,
    size: row.size,
    url: `${base}/${row.help_request_id}/attachments/${row.id}`,
  };
}

/** How long an upload may wait for the request or reply that names it. */
const UPLOAD_GRACE_HOURS = 24;

/** Deletes uploads no message named within a day, rows and bytes. */
export async function pruneStaleUploads(db: Database, storage: FileStorage): Promise<void> {
  for (const key of await deleteStaleUploads(db, UPLOAD_GRACE_HOURS)) {
    await storage.remove(key);
  }
}
