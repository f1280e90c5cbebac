import { z } from "zod";
import { singleLineText } from "../validation/text.ts";
import { CurrencyCodeSchema, DecimalAmount } from "./balances.ts";
import { ATTACHMENT_CONTENT_TYPES, MAX_ATTACHMENT_BYTES } from "./help.ts";
import { KycStatus } from "./profile.ts";

/*
 * Identity verification (KYC, issue 26): the customer uploads a government ID and a proof of address
 * (spec §9), submits them together for review, and an admin approves or rejects the submission with a
 * reason. Uploads are read as help attachments are: PNG, JPEG, WebP or PDF judged from the bytes, at
 * most 5 MB each.
 */

/** The two documents a check needs (spec §9: a government ID and a proof of address). */
export const KYC_DOCUMENT_KINDS = ["government_id", "proof_of_address"] as const;
export const KycDocumentKind = z.enum(KYC_DOCUMENT_KINDS);
export type KycDocumentKind = z.infer<typeof KycDocumentKind>;

/** The longest rejection reason, in characters. */
export const MAX_KYC_REASON_LENGTH = 500;

/** The texts of identity verification, shared by the server's refusals and the forms. */
export const KYC_MESSAGES = {
  governmentIdRequired: "Upload a government ID",
  proofOfAddressRequired: "Upload a proof of address",
  reasonRequired: "Please give a reason for the rejection",
  alreadyUnderReview: "Your documents are already under review",
  alreadyApproved: "Your identity is already verified",
  notUnderReview: "This user has no documents waiting for review",
  uploadNotFound: "That upload was not found: upload the file again",
  sameFileTwice: "Upload a separate file as your proof of address",
} as const;

/**
 * The form of `POST /api/v1/kyc-documents` (multipart/form-data): exactly one file part, in the field
 * `file`; a PNG, JPEG, WebP or PDF (judged by its bytes) of at most 5 MB. The server reads it as a
 * stream; this schema is what the API document shows.
 */
export const KycDocumentUpload = z.object({
  file: z
    .file()
    .max(MAX_ATTACHMENT_BYTES)
    .mime([...ATTACHMENT_CONTENT_TYPES]),
});
export type KycDocumentUpload = z.infer<typeof KycDocumentUpload>;

/** A document just uploaded, not yet submitted: its id goes in a `KycSubmissionRequest`. */
export const UploadedKycDocument = z.object({
  id: z.uuid(),
  fileName: z.string(),
  contentType: z.enum(ATTACHMENT_CONTENT_TYPES),
  size: z.number().int(),
});
export type UploadedKycDocument = z.infer<typeof UploadedKycDocument>;

/** The customer submits one upload of each kind for review. */
export const KycSubmissionRequest = z
  .object({
    governmentIdDocumentId: z.uuid({ error: KYC_MESSAGES.governmentIdRequired }),
    proofOfAddressDocumentId: z.uuid({ error: KYC_MESSAGES.proofOfAddressRequired }),
  })
  .refine((value) => value.governmentIdDocumentId !== value.proofOfAddressDocumentId, {
    path: ["proofOfAddressDocumentId"],
    error: KYC_MESSAGES.sameFileTwice,
  });
export type KycSubmissionRequest = z.infer<typeof KycSubmissionRequest>;

/** The verification levels limits follow: verified once both the e-mail and the identity are. */
export const VerificationLevel = z.enum(["unverified", "verified"]);
export type VerificationLevel = z.infer<typeof VerificationLevel>;

/** One currency's daily limit on money leaving Ferry (bank and crypto transfers, cash-outs). */
export const KycDailyLimit = z.object({
  currency: CurrencyCodeSchema,
  /** What the customer may send and cash out per day now. */
  currentLimit: DecimalAmount,
  /** What verification unlocks. */
  verifiedLimit: DecimalAmount,
});
export type KycDailyLimit = z.infer<typeof KycDailyLimit>;

/** A submitted document as its owner sees it: no way to fetch it back. */
export const KycDocumentSummary = UploadedKycDocument.omit({ id: true }).extend({ kind: KycDocumentKind });
export type KycDocumentSummary = z.infer<typeof KycDocumentSummary>;

/** The customer's identity check on `/profile`: status, the last decision's reason, and the limits. */
export const KycOverview = z.object({
  status: KycStatus,
  level: VerificationLevel,
  emailVerified: z.boolean(),
  /** Why the last submission was rejected; null unless the status is rejected. */
  rejectionReason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The documents of the last submission (none once they were erased after the retention period). */
  documents: z.array(KycDocumentSummary),
  limits: z.array(KycDailyLimit),
});
export type KycOverview = z.infer<typeof KycOverview>;

/** An admin's decision: approve, or reject with a reason the customer reads. */
export const KycDecisionRequest = z
  .object({
    decision: z.enum(["approve", "reject"]),
    reason: singleLineText("Reason").max(MAX_KYC_REASON_LENGTH).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.decision === "reject" && !value.reason) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: KYC_MESSAGES.reasonRequired });
    }
  });
export type KycDecisionRequest = z.infer<typeof KycDecisionRequest>;

/** A document as the admin's review shows it; `url` serves it to admins only, by its random id. */
export const KycReviewDocument = KycDocumentSummary.extend({ id: z.uuid(), url: z.string() });
export type KycReviewDocument = z.infer<typeof KycReviewDocument>;

/** One submission and its decision. */
export const KycSubmission = z.object({
  id: z.uuid(),
  status: z.enum(["under_review", "approved", "rejected"]),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
  documents: z.array(KycReviewDocument),
});
export type KycSubmission = z.infer<typeof KycSubmission>;

/** A user's identity checks for the admin's user detail view, newest first. */
export const KycReview = z.object({
  userId: z.string(),
  status: KycStatus,
  submissions: z.array(KycSubmission),
});
export type KycReview = z.infer<typeof KycReview>;

export const KycDocumentParams = z.object({ documentId: z.uuid() });
export type KycDocumentParams = z.infer<typeof KycDocumentParams>;
