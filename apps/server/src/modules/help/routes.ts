import {
  AdminHelpRequestListQuery,
  ATTACHMENT_CONTENT_TYPES,
  HelpAttachmentParams,
  HelpAttachmentUpload,
  HelpCounts,
  HelpRequestDetail,
  HelpRequestIdParams,
  HelpRequestList,
  HelpRequestListQuery,
  HelpStatusUpdate,
  NewHelpReply,
  NewHelpRequest,
  UploadedHelpAttachment,
} from "@ferry/core/contracts/help";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Guards, viewerOf } from "../../http/guards.ts";
import { ADMIN_ERRORS, errorResponses, SIGNED_IN, SIGNED_IN_ERRORS } from "../../http/openapi.ts";
import { enforceThrottle } from "../../http/throttle.ts";
import { acceptUploads, receiveUpload, STREAMED_BODY, UPLOAD_ERRORS } from "../../http/upload.ts";
import { auditActorOf } from "../audit/service.ts";
import {
  ATTACHMENT_RULES,
  countForSidebar,
  createHelpRequest,
  getHelpRequest,
  type HelpDeps,
  type HelpViewer,
  listAdminRequests,
  listCustomerRequests,
  readAttachment,
  replyToHelpRequest,
  setHelpRequestStatus,
  storeUpload,
} from "./service.ts";

/** Uploads per user: enough for a conversation's screenshots, not a file host. */
const UPLOAD_LIMIT = { max: 30, windowSeconds: 60 * 60 };

function customerOf(request: FastifyRequest): HelpViewer {
  return { userId: viewerOf(request).userId, isAdmin: false };
}

function adminOf(request: FastifyRequest): HelpViewer {
  return { userId: viewerOf(request).userId, isAdmin: true, clientAddress: request.ip };
}

type HelpRouteDeps = HelpDeps & { guards: Guards };

/** A customer's list of their own requests, a new request, and the sidebar's unread count. */
function registerOwnRequestRoutes(app: FastifyInstance, deps: HelpRouteDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards } = deps;
  typed.get(
    "/api/v1/help-requests",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["help"],
        operationId: "listHelpRequests",
        security: SIGNED_IN,
        summary: "Your help requests, newest first, with their total",
        querystring: HelpRequestListQuery,
        response: { 200: HelpRequestList, ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed") },
      },
    },
    async (request) => listCustomerRequests(db, deps.clock, viewerOf(request).userId, request.query),
  );
  typed.post(
    "/api/v1/help-requests",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["help"],
        operationId: "createHelpRequest",
        security: SIGNED_IN,
        summary: "Open a help request, due by its priority's response target",
        body: NewHelpRequest,
        response: { 201: HelpRequestDetail, ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed") },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createHelpRequest(db, deps.clock, viewerOf(request).userId, request.body)),
  );
  typed.get(
    "/api/v1/help-requests/unread-count",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["help"],
        operationId: "countUnreadHelpRequests",
        security: SIGNED_IN,
        summary: "How many of your requests have a support reply you have not read",
        response: { 200: HelpCounts, ...errorResponses(...SIGNED_IN_ERRORS) },
      },
    },
    async (request) => countForSidebar(db, customerOf(request)),
  );
}

/** One of a customer's own requests and their reply to it; another customer's reads as missing. */
function registerOwnConversationRoutes(app: FastifyInstance, deps: HelpRouteDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards } = deps;
  typed.get(
    "/api/v1/help-requests/:helpRequestId",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["help"],
        operationId: "getHelpRequest",
        security: SIGNED_IN,
        summary: "One of your requests with its conversation; opening it marks support's replies read",
        params: HelpRequestIdParams,
        response: { 200: HelpRequestDetail, ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed", "not_found") },
      },
    },
    async (request) => getHelpRequest(db, deps.clock, customerOf(request), request.params.helpRequestId),
  );
  typed.post(
    "/api/v1/help-requests/:helpRequestId/responses",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["help"],
        operationId: "replyToHelpRequest",
        security: SIGNED_IN,
        summary: "Reply to one of your requests while it is not closed",
        params: HelpRequestIdParams,
        body: NewHelpReply,
        response: {
          201: HelpRequestDetail,
          ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed", "not_found", "conflict"),
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await replyToHelpRequest(deps, customerOf(request), request.params.helpRequestId, request.body)),
  );
}

/** Each attachment's file, served to its request's owner and to admins. */
function registerAttachmentDownloads(app: FastifyInstance, deps: HelpRouteDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { guards } = deps;
  for (const side of ["customer", "admin"] as const) {
    const isAdmin = side === "admin";
    typed.get(
      `${isAdmin ? "/api/v1/admin" : "/api/v1"}/help-requests/:helpRequestId/attachments/:attachmentId`,
      {
        preValidation: isAdmin ? guards.requireAdmin : guards.requireUser,
        schema: {
          tags: [isAdmin ? "admin" : "help"],
          operationId: isAdmin ? "getAnyHelpAttachment" : "getHelpAttachment",
          security: SIGNED_IN,
          summary: isAdmin ? "An attachment's file, for the help desk" : "An attachment of one of your requests",
          params: HelpAttachmentParams,
          response: {
            200: {
              description: "The file as uploaded",
              content: Object.fromEntries(ATTACHMENT_CONTENT_TYPES.map((type) => [type, { schema: z.string() }])),
            },
            ...errorResponses(...(isAdmin ? ADMIN_ERRORS : SIGNED_IN_ERRORS), "validation_failed", "not_found"),
          },
        },
      },
      async (request, reply) => {
        const viewer = isAdmin ? adminOf(request) : customerOf(request);
        const file = await readAttachment(deps, viewer, request.params.helpRequestId, request.params.attachmentId);
        // Images show in the conversation; a PDF downloads. The type is the one read from the bytes.
        const disposition = file.contentType === "application/pdf" ? "attachment" : "inline";
        return (
          reply
            .type(file.contentType)
            .header("content-disposition", `${disposition}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
            .header("cache-control", "private, no-store")
            // Bytes go out as they are (Fastify never serialises a Buffer); the document describes a string.
            .send(file.bytes as unknown as string)
        );
      },
    );
  }
}

/** Uploads, the one place a multipart body is accepted. */
function registerAttachmentUpload(app: FastifyInstance, deps: HelpRouteDeps): void {
  const { db, guards } = deps;
  // Multipart parsing only where a file is expected: every other route keeps refusing it.
  app.register(async (scope) => {
    await acceptUploads(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/api/v1/help-attachments",
      {
        preValidation: guards.requireUser,
        ...STREAMED_BODY,
        schema: {
          tags: ["help"],
          operationId: "uploadHelpAttachment",
          security: SIGNED_IN,
          summary: "Upload a screenshot or PDF: one file, in the form field `file`, at most 5 MB",
          description:
            "The type is read from the file's bytes (PNG, JPEG, WebP or PDF; anything else is 415), and the name is kept with the extension of that type. A file over the limit is 413 and nothing is kept; a body more than 1 MiB over it is refused as soon as it passes that, with `Connection: close`. A body that is not one file part named `file` (a malformed body, a text field, a second file) is 400. An account may have 2 uploads in progress and the server 32; one more is 429 with Retry-After, as is the 31st upload in an hour. A body not received whole within 120 seconds is 408.",
          consumes: ["multipart/form-data"],
          body: HelpAttachmentUpload,
          response: {
            201: UploadedHelpAttachment,
            ...errorResponses(...SIGNED_IN_ERRORS, ...UPLOAD_ERRORS),
          },
        },
      },
      async (request, reply) => {
        const ownerId = viewerOf(request).userId;
        await enforceThrottle(db, [{ key: `help-upload|${ownerId}`, ...UPLOAD_LIMIT }]);
        const attachment = await receiveUpload(request, ATTACHMENT_RULES, ownerId, (upload) =>
          storeUpload(db, deps.storage, ownerId, upload),
        );
        return reply.status(201).send(attachment);
      },
    );
  });
}

/** The help desk's queue: every request, the open count, and one request. */
function registerDeskQueueRoutes(app: FastifyInstance, deps: HelpRouteDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db, guards } = deps;
  typed.get(
    "/api/v1/admin/help-requests",
    {
      preValidation: guards.requireAdmin,
      schema: {
        tags: ["admin"],
        operationId: "listAllHelpRequests",
        security: SIGNED_IN,
        summary: "Every help request: filtered, searched by subject or e-mail, by due time or newest",
        querystring: AdminHelpRequestListQuery,
        response: { 200: HelpRequestList, ...errorResponses(...ADMIN_ERRORS, "validation_failed") },
      },
    },
    async (request) => listAdminRequests(db, deps.clock, request.query),
  );
  typed.get(
    "/api/v1/admin/help-requests/open-count",
    {
      preValidation: guards.requireAdmin,
      schema: {
        tags: ["admin"],
        operationId: "countOpenHelpRequests",
        security: SIGNED_IN,
        summary: "How many help requests are open",
        response: { 200: HelpCounts, ...errorResponses(...ADMIN_ERRORS) },
      },
    },
    async (request) => countForSidebar(db, adminOf(request)),
  );
  typed.get(
    "/api/v1/admin/help-requests/:helpRequestId",
    {
      preValidation: guards.requireAdmin,
      schema: {
        tags: ["admin"],
        operationId: "getAnyHelpRequest",
        security: SIGNED_IN,
        summary: "A help request with its conversation",
        params: HelpRequestIdParams,
        response: { 200: HelpRequestDetail, ...errorResponses(...ADMIN_ERRORS, "validation_failed", "not_found") },
      },
    },
    async (request) => getHelpRequest(db, deps.clock, adminOf(request), request.params.helpRequestId),
  );
}

/** The help desk's answers: a reply as support, and a status change. */
function registerDeskAnswerRoutes(app: FastifyInstance, deps: HelpRouteDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { guards } = deps;
  typed.post(
    "/api/v1/admin/help-requests/:helpRequestId/responses",
    {
      preValidation: guards.requireAdmin,
      schema: {
        tags: ["admin"],
        operationId: "answerHelpRequest",
        security: SIGNED_IN,
        summary: "Reply as support; an open request moves to in progress and the customer is told",
        params: HelpRequestIdParams,
        body: NewHelpReply,
        response: { 201: HelpRequestDetail, ...errorResponses(...ADMIN_ERRORS, "validation_failed", "not_found") },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await replyToHelpRequest(deps, adminOf(request), request.params.helpRequestId, request.body)),
  );
  typed.put(
    "/api/v1/admin/help-requests/:helpRequestId/status",
    {
      preValidation: guards.requireAdmin,
      schema: {
        tags: ["admin"],
        operationId: "setHelpRequestStatus",
        security: SIGNED_IN,
        summary: "Set a help request's status; audited, and the customer is told",
        params: HelpRequestIdParams,
        body: HelpStatusUpdate,
        response: { 200: HelpRequestDetail, ...errorResponses(...ADMIN_ERRORS, "validation_failed", "not_found") },
      },
    },
    async (request) =>
      setHelpRequestStatus(deps, auditActorOf(request), request.params.helpRequestId, request.body.status),
  );
}

/**
 * The support desk's API: a customer's own requests under /api/v1/help-requests (another customer's
 * reads as missing), every request for admins under /api/v1/admin/help-requests, uploads under
 * /api/v1/help-attachments, and each attachment served to its request's owner and to admins.
 */
export function registerHelpRoutes(app: FastifyInstance, deps: HelpRouteDeps): void {
  registerOwnRequestRoutes(app, deps);
  registerOwnConversationRoutes(app, deps);
  registerAttachmentDownloads(app, deps);
  registerAttachmentUpload(app, deps);
  registerDeskQueueRoutes(app, deps);
  registerDeskAnswerRoutes(app, deps);
}
