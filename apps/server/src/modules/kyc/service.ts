import {
  KYC_DOCUMENT_KINDS,
  KYC_MESSAGES,
  type KycDailyLimit,
  type KycDecisionRequest,
  type KycDocumentKind,
  type KycOverview,
  type KycReview,
  type KycSubmissionRequest,
  type VerificationLevel,
} from "@ferry/core/contracts/kyc";
import type { KycStatus } from "@ferry/core/contracts/profile";
import { CURRENCY_CODES, type CurrencyCode } from "@ferry/core/currencies";
import { toDecimalString } from "@ferry/core/money";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { selectUserWithProfile } from "../../db/users.ts";
import { AppError } from "../../errors.ts";
import { type AuditActor, recordAdminAction } from "../audit/service.ts";
import { createNotification, type NewNotification } from "../notifications/service.ts";
import { toReviewDocument } from "./documents.ts";
import {
  attachDocument,
  insertSubmission,
  type KycDocumentRow,
  type KycSubmissionRow,
  lockKycStatus,
  selectSubmissions,
  selectSubmissionUnderReview,
  selectSubmittedDocuments,
  selectUnsubmittedDocument,
  updateSubmissionDecision,
  upsertKycStatus,
} from "./queries.ts";

/*
 * Identity verification (issue 26, docs/decisions/029-kyc-module.md): the customer submits a government
 * ID and a proof of address, an admin approves or rejects, and the verification level that follows sets
 * the daily limit on money leaving Ferry (transfers/daily-limit.ts reads it here).
 */

export {
  eraseKycDocuments,
  KYC_UPLOAD_RULES,
  pruneKycDocuments,
  readKycDocument,
  storeKycUpload,
} from "./documents.ts";

/** The settings the daily limits come from. */
type LimitSettings = Pick<Config, "cashoutDailyLimitsMinor" | "cashoutUnverifiedPercent">;

/** A user's level: verified once both their e-mail and their identity (KYC approved) are. */
export function verificationLevelOf(account: { emailVerified: boolean; kycStatus: KycStatus }): VerificationLevel {
  return account.emailVerified && account.kycStatus === "approved" ? "verified" : "unverified";
}

/**
 * The most that may leave Ferry per day in `currency` at `level`: the configured limit
 * (CASHOUT_DAILY_LIMITS) once verified, CASHOUT_UNVERIFIED_PERCENT of it before. A currency without a
 * configured limit may not leave Ferry at all (config.ts validated the table at start).
 */
export function dailyLimitMinorOf(settings: LimitSettings, level: VerificationLevel, currency: CurrencyCode): bigint {
  const fullLimitMinor = settings.cashoutDailyLimitsMinor[currency] ?? 0n;
  if (level === "verified") {
    return fullLimitMinor;
  }
  return (fullLimitMinor * BigInt(settings.cashoutUnverifiedPercent)) / 100n;
}

/** A user's verification level as the database holds it now (the caller's transaction sees its own writes). */
export async function readVerificationLevel(db: Database, userId: string): Promise<VerificationLevel> {
  const account = await selectUserWithProfile(db).where("user.id", "=", userId).executeTakeFirstOrThrow();
  return verificationLevelOf({ emailVerified: account.emailVerified, kycStatus: account.kyc_status ?? "pending" });
}

/** Every currency's limit now and once verified, as `/profile` shows them. */
function limitsAt(settings: LimitSettings, level: VerificationLevel): KycDailyLimit[] {
  return CURRENCY_CODES.filter((currency) => dailyLimitMinorOf(settings, "verified", currency) > 0n).map(
    (currency) => ({
      currency,
      currentLimit: toDecimalString(dailyLimitMinorOf(settings, level, currency), currency),
      verifiedLimit: toDecimalString(dailyLimitMinorOf(settings, "verified", currency), currency),
    }),
  );
}

/** The customer's identity check: status, the last submission and its decision, and their limits. */
export async function getKycOverview(db: Database, settings: LimitSettings, userId: string): Promise<KycOverview> {
  const account = await selectUserWithProfile(db).where("user.id", "=", userId).executeTakeFirst();
  if (!account) {
    throw new AppError("not_found", "Profile not found");
  }
  const status = account.kyc_status ?? "pending";
  const level = verificationLevelOf({ emailVerified: account.emailVerified, kycStatus: status });
  const [latest] = await selectSubmissions(db, userId);
  const documents = latest ? await selectSubmittedDocuments(db, [latest.id]) : [];
  return {
    status,
    level,
    emailVerified: account.emailVerified,
    rejectionReason: status === "rejected" ? (latest?.reason ?? null) : null,
    submittedAt: latest ? new Date(latest.submitted_at).toISOString() : null,
    decidedAt: latest?.decided_at ? new Date(latest.decided_at).toISOString() : null,
    documents: documents.map(toReviewDocument).map(({ kind, fileName, contentType, size }) => ({
      kind,
      fileName,
      contentType,
      size,
    })),
    limits: limitsAt(settings, level),
  };
}

/** The upload `documentId` of the customer's, not yet submitted, or a refusal keyed by the form's field. */
async function unsubmittedUpload(
  db: Database,
  userId: string,
  documentId: string,
  field: keyof KycSubmissionRequest,
): Promise<KycDocumentRow> {
  const row = await selectUnsubmittedDocument(db, userId, documentId);
  if (!row) {
    throw new AppError("validation_failed", KYC_MESSAGES.uploadNotFound, { [field]: KYC_MESSAGES.uploadNotFound });
  }
  return row;
}

/**
 * Submits the customer's two uploads for review, in one transaction under their profile row's lock:
 * the status moves to under_review. Refused while documents are under review or once approved; a
 * rejected customer submits again. Another customer's upload reads as missing.
 */
export async function submitKyc(
  db: Database,
  settings: LimitSettings,
  userId: string,
  request: KycSubmissionRequest,
): Promise<KycOverview> {
  await db.transaction().execute(async (trx) => {
    const status = (await lockKycStatus(trx, userId)) ?? "pending";
    if (status === "under_review") {
      throw new AppError("conflict", KYC_MESSAGES.alreadyUnderReview);
    }
    if (status === "approved") {
      throw new AppError("conflict", KYC_MESSAGES.alreadyApproved);
    }
    const uploads: Record<KycDocumentKind, KycDocumentRow> = {
      government_id: await unsubmittedUpload(trx, userId, request.governmentIdDocumentId, "governmentIdDocumentId"),
      proof_of_address: await unsubmittedUpload(
        trx,
        userId,
        request.proofOfAddressDocumentId,
        "proofOfAddressDocumentId",
      ),
    };
    const submission = await insertSubmission(trx, userId);
    for (const kind of KYC_DOCUMENT_KINDS) {
      await attachDocument(trx, uploads[kind].id, submission.id, kind);
    }
    await upsertKycStatus(trx, userId, "under_review");
  });
  return getKycOverview(db, settings, userId);
}

/** A user's identity checks for the admin, newest first, each with its documents. */
export async function getKycReview(db: Database, userId: string): Promise<KycReview> {
  const account = await selectUserWithProfile(db).where("user.id", "=", userId).executeTakeFirst();
  if (!account) {
    throw new AppError("not_found", "User not found");
  }
  const submissions = await selectSubmissions(db, userId);
  const documents = await selectSubmittedDocuments(
    db,
    submissions.map((submission) => submission.id),
  );
  return {
    userId,
    status: account.kyc_status ?? "pending",
    submissions: submissions.map((submission) => toSubmission(submission, documents)),
  };
}

function toSubmission(
  submission: KycSubmissionRow,
  documents: readonly KycDocumentRow[],
): KycReview["submissions"][number] {
  return {
    id: submission.id,
    status: submission.status as KycReview["submissions"][number]["status"],
    submittedAt: new Date(submission.submitted_at).toISOString(),
    decidedAt: submission.decided_at ? new Date(submission.decided_at).toISOString() : null,
    reason: submission.reason,
    documents: documents.filter((document) => document.submission_id === submission.id).map(toReviewDocument),
  };
}

/** What the customer is told of a decision. */
function decisionNotice(userId: string, decision: KycDecisionRequest): NewNotification {
  if (decision.decision === "approve") {
    return {
      userId,
      type: "success",
      write: (reader) => ({
        title: reader.t("Identity verified"),
        message: reader.t(
          "Your identity documents were approved. Your higher daily limits apply once your e-mail is verified too.",
        ),
      }),
    };
  }
  return {
    userId,
    type: "error",
    write: (reader) => ({
      title: reader.t("Identity verification rejected"),
      message: reader.t(
        "Your identity documents were not accepted: {reason}. You can submit new documents on your profile.",
        { reason: decision.reason ?? "" },
      ),
    }),
  };
}

/**
 * An admin approves or rejects the user's submission under review, in one transaction under the
 * user's profile lock: the submission's decision, the user's status, the customer's notification and
 * the audit row commit together. Refused when nothing waits for review.
 */
export async function decideKyc(
  db: Database,
  actor: AuditActor,
  userId: string,
  decision: KycDecisionRequest,
): Promise<KycReview> {
  const status = decision.decision === "approve" ? "approved" : "rejected";
  const reason = decision.decision === "reject" ? (decision.reason ?? null) : null;
  await db.transaction().execute(async (trx) => {
    const before = await lockKycStatus(trx, userId);
    const submission = await selectSubmissionUnderReview(trx, userId);
    if (!submission) {
      const account = await selectUserWithProfile(trx).where("user.id", "=", userId).executeTakeFirst();
      throw account
        ? new AppError("conflict", KYC_MESSAGES.notUnderReview)
        : new AppError("not_found", "User not found");
    }
    await updateSubmissionDecision(trx, submission.id, { status, decidedBy: actor.userId, reason });
    await upsertKycStatus(trx, userId, status);
    await createNotification(trx, decisionNotice(userId, decision));
    await recordAdminAction(trx, {
      actor,
      action: decision.decision === "approve" ? "kyc.approve" : "kyc.reject",
      subjectType: "user",
      subjectId: userId,
      before: { kycStatus: before ?? "pending" },
      after: { kycStatus: status },
      details: { submissionId: submission.id, reason },
    });
  });
  return getKycReview(db, userId);
}
