import { UserIdParams } from "@ferry/core/contracts/admin";
import { ATTACHMENT_CONTENT_TYPES } from "@ferry/core/contracts/help";
import {
  KycDecisionRequest,
  KycDocumentParams,
  KycDocumentUpload,
  KycOverview,
  KycReview,
  KycSubmissionRequest,
  UploadedKycDocument,
} from "@ferry/core/contracts/kyc";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { type Guards, viewerOf } from "../../http/guards.ts";
import { ADMIN_ERRORS, errorResponses, SIGNED_IN, SIGNED_IN_ERRORS } from "../../http/openapi.ts";
import { enforceThrottle } from "../../http/throttle.ts";
import { acceptUploads, receiveUpload, STREAMED_BODY, UPLOAD_ERRORS } from "../../http/upload.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import { auditActorOf } from "../audit/service.ts";
import {
  decideKyc,
  getKycOverview,
  getKycReview,
  KYC_UPLOAD_RULES,
  readKycDocument,
  storeKycUpload,
  submitKyc,
} from "./service.ts";

interface KycRouteDeps {
  readonly db: Database;
  readonly guards: Guards;
  /** The file storage, encrypting (app.ts wraps it with KYC_ENCRYPTION_KEY). */
  readonly storage: FileStorage;
  readonly config: Pick<Config, "cashoutDailyLimitsMinor" | "cashoutUnverifiedPercent">;
}

/** Uploads per user: a few tries at a readable photo, not a file host. */
const UPLOAD_LIMIT = { max: 20, windowSeconds: 60 * 60 };

/** The customer's own check: the overview on /profile and the submission of two uploads. */
function registerCustomerRoutes(app: FastifyInstance, deps: KycRouteDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards, config } = deps;
  typed.get(
    "/api/v1/me/kyc",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["profile"],
        operationId: "getKyc",
        security: SIGNED_IN,
        summary: "Your identity verification: status, the last decision and your daily limits by level",
        response: { 200: KycOverview, ...errorResponses(...SIGNED_IN_ERRORS, "not_found") },
      },
    },
    async (request) => getKycOverview(db, config, viewerOf(request).userId),
  );
  typed.post(
    "/api/v1/me/kyc/submissions",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["profile"],
        operationId: "submitKyc",
        security: SIGNED_IN,
        summary: "Submit a government ID and a proof of address, uploaded first, for review",
        body: KycSubmissionRequest,
        response: { 201: KycOverview, ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed", "conflict") },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await submitKyc(db, config, viewerOf(request).userId, request.body)),
  );
}

/** The upload of one document, the one multipart body of this module. */
function registerUploadRoute(app: FastifyInstance, deps: KycRouteDeps): void {
  const { db, guards, storage } = deps;
  // Multipart parsing only where a file is expected: every other route keeps refusing it.
  app.register(async (scope) => {
    await acceptUploads(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/api/v1/kyc-documents",
      {
        preValidation: guards.requireUser,
        ...STREAMED_BODY,
        schema: {
          tags: ["profile"],
          operationId: "uploadKycDocument",
          security: SIGNED_IN,
          summary: "Upload an identity document: one file, in the form field `file`, at most 5 MB",
          description:
            "Read as help-desk attachments are: the type from the bytes (PNG, JPEG, WebP or PDF; else 415), 413 over the limit with nothing kept, 400 for a body that is not one file part named `file`, 429 past 2 uploads in progress or 20 an hour. Kept encrypted; submit it with `POST /api/v1/me/kyc/submissions`. Unsubmitted uploads are deleted after a day.",
          consumes: ["multipart/form-data"],
          body: KycDocumentUpload,
          response: {
            201: UploadedKycDocument,
            ...errorResponses(...SIGNED_IN_ERRORS, ...UPLOAD_ERRORS),
          },
        },
      },
      async (request, reply) => {
        const ownerId = viewerOf(request).userId;
        await enforceThrottle(db, [{ key: `kyc-upload|${ownerId}`, ...UPLOAD_LIMIT }]);
        const document = await receiveUpload(request, KYC_UPLOAD_RULES, ownerId, (upload) =>
          storeKycUpload(db, storage, ownerId, upload),
        );
        return reply.status(201).send(document);
      },
    );
  });
}

/** The admin's review: a user's checks and a decision. */
function registerReviewRoutes(app: FastifyInstance, deps: KycRouteDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards } = deps;
  typed.get(
    "/api/v1/admin/users/:userId/kyc",
    {
      preValidation: guards.requireAdmin,
      schema: {
        tags: ["admin"],
        operationId: "getUserKyc",
        security: SIGNED_IN,
        summary: "A user's identity checks, newest first, with their documents and decisions",
        params: UserIdParams,
        response: { 200: KycReview, ...errorResponses(...ADMIN_ERRORS, "validation_failed", "not_found") },
      },
    },
    async (request) => getKycReview(db, request.params.userId),
  );
  typed.post(
    "/api/v1/admin/users/:userId/kyc/decision",
    {
      preValidation: guards.requireAdmin,
      schema: {
        tags: ["admin"],
        operationId: "decideUserKyc",
        security: SIGNED_IN,
        summary: "Approve or reject (with a reason) the documents under review; audited, the customer is told",
        params: UserIdParams,
        body: KycDecisionRequest,
        response: {
          200: KycReview,
          ...errorResponses(...ADMIN_ERRORS, "validation_failed", "not_found", "conflict"),
        },
      },
    },
    async (request) => decideKyc(db, auditActorOf(request), request.params.userId, request.body),
  );
}

/** Each submitted document's file, for admins only, by its random id; every view is audited. */
function registerDocumentRoute(app: FastifyInstance, deps: KycRouteDeps): void {
  const { db, guards, storage } = deps;
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/v1/admin/kyc-documents/:documentId",
    {
      preValidation: guards.requireAdmin,
      schema: {
        tags: ["admin"],
        operationId: "getKycDocument",
        security: SIGNED_IN,
        summary: "A submitted identity document's file, decrypted; each view is an audit row",
        params: KycDocumentParams,
        response: {
          200: {
            description: "The file as uploaded",
            content: Object.fromEntries(ATTACHMENT_CONTENT_TYPES.map((type) => [type, { schema: z.string() }])),
          },
          ...errorResponses(...ADMIN_ERRORS, "validation_failed", "not_found"),
        },
      },
    },
    async (request, reply) => {
      const file = await readKycDocument(db, storage, auditActorOf(request), request.params.documentId);
      return (
        reply
          .type(file.contentType)
          // An image shows in the review, a PDF downloads (as the help desk's); never cached by the browser.
          .header(
            "content-disposition",
            `${file.contentType === "application/pdf" ? "attachment" : "inline"}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
          )
          .header("cache-control", "private, no-store")
          // Bytes go out as they are (Fastify never serialises a Buffer); the document describes a string.
          .send(file.bytes as unknown as string)
      );
    },
  );
}

/**
 * Identity verification's API: the customer's check under /api/v1/me/kyc and uploads at
 * /api/v1/kyc-documents; the admin's review under /api/v1/admin/users/:userId/kyc and each document at
 * /api/v1/admin/kyc-documents/:documentId (admins only, by its random id).
 */
export function registerKycRoutes(app: FastifyInstance, deps: KycRouteDeps): void {
  registerCustomerRoutes(app, deps);
  registerUploadRoute(app, deps);
  registerReviewRoutes(app, deps);
  registerDocumentRoute(app, deps);
}
