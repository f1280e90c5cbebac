import { randomUUID } from "node:crypto";
import {
  type AttachmentContentType,
  type HelpAttachment,
  MAX_ATTACHMENT_BYTES,
  type UploadedHelpAttachment,
} from "@ferry/core/contracts/help";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../errors.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import { deleteStaleUploads, type HelpAttachmentRow, insertAttachment } from "./queries.ts";

/*
 * Attachments of help requests and replies: screenshots and PDFs. The type is read from the bytes,
 * never from the name or the declared type, so an HTML page renamed .png is refused; the bytes go to
 * the file storage and the database keeps the row that says who may read them.
 */

/** How each accepted type begins. WebP is "RIFF", a 4-byte size, then "WEBP". */
const SIGNATURES: readonly { type: AttachmentContentType; matches: (bytes: Buffer) => boolean }[] = [
  {
    type: "image/png",
    matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: "image/jpeg", matches: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: "image/webp",
    matches: (b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
  },
  { type: "application/pdf", matches: (b) => b.subarray(0, 5).toString("latin1") === "%PDF-" },
];

/** The accepted type these bytes are, or null. */
export function sniffAttachmentType(bytes: Buffer): AttachmentContentType | null {
  return SIGNATURES.find((signature) => signature.matches(bytes))?.type ?? null;
}

export const TOO_LARGE_MESSAGE = `Attachments can be at most ${MAX_ATTACHMENT_BYTES / (1024 * 1024)} MB`;
export const WRONG_TYPE_MESSAGE = "Attach a PNG, JPEG or WebP screenshot, or a PDF";

/** A file name safe to show and to send back in a header: no path, no control characters, at most 120 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  const cleaned = base.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069"]/g, "").trim();
  return (cleaned || "attachment").slice(0, 120);
}

/**
 * Stores an uploaded file for `ownerId`, not yet part of any message: checked for size and type first,
 * so a refused file leaves nothing behind. The bytes are written before the row, so a row always has
 * its bytes; bytes without a row (a crash between) are never served.
 */
export async function storeUpload(
  db: Database,
  storage: FileStorage,
  upload: { ownerId: string; fileName: string; bytes: Buffer },
): Promise<UploadedHelpAttachment> {
  if (upload.bytes.length > MAX_ATTACHMENT_BYTES) {
    throw new AppError("payload_too_large", TOO_LARGE_MESSAGE, { file: TOO_LARGE_MESSAGE });
  }
  const contentType = upload.bytes.length === 0 ? null : sniffAttachmentType(upload.bytes);
  if (contentType === null) {
    throw new AppError("unsupported_media_type", WRONG_TYPE_MESSAGE, { file: WRONG_TYPE_MESSAGE });
  }
  const storageKey = `help-${randomUUID()}`;
  await storage.put(storageKey, upload.bytes);
  const row = await insertAttachment(db, {
    owner_user_id: upload.ownerId,
    file_name: cleanFileName(upload.fileName),
    content_type: contentType,
    size: upload.bytes.length,
    storage_key: storageKey,
  });
  return { id: row.id, fileName: row.file_name, contentType, size: row.size };
}

/**
 * An attachment as the API shows it, with the URL that serves it: the customer's own route for the
 * request's owner, the help desk's for an admin.
 */
export function toHelpAttachment(row: HelpAttachmentRow, forAdmin: boolean): HelpAttachment {
  const base = forAdmin ? "/api/v1/admin/help-requests" : "/api/v1/help-requests";
  return {
    id: row.id,
    fileName: row.file_name,
    contentType: row.content_type as AttachmentContentType,
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
