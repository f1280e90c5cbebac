import {
  AdminEmailRequest,
  AdminEmailResponse,
  AdminHelpRequestRequest,
  AdminUserDetail,
  AdminUserList,
  AdminUserListQuery,
  UserBanResponse,
  UserDeleteResponse,
  UserIdParams,
} from "@ferry/core/contracts/admin";
import { HelpRequestSummary } from "@ferry/core/contracts/help";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import type { Guards } from "../../http/guards.ts";
import { ADMIN_ERRORS, errorResponses, SIGNED_IN } from "../../http/openapi.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import { auditActorOf } from "../audit/service.ts";
import {
  closeAccount,
  createHelpRequestForUser,
  getUserDetail,
  listUsers,
  sendEmailToUser,
  setUserBanned,
} from "./service.ts";

interface AdminDeps {
  readonly db: Database;
  readonly guards: Guards;
  /** The business clock: which sessions are live, when a help request opens and falls due. */
  readonly clock: Clock;
  /** Where identity documents are kept (encrypted): a closed account's are erased with it. */
  readonly kycStorage: FileStorage;
}

/** The user list, and one user's detail view. */
function registerUserReadRoutes(app: FastifyInstance, deps: AdminDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/api/v1/admin/users",
    {
      preValidation: deps.guards.requireAdmin,
      schema: {
        tags: ["admin"],
        operationId: "listUsers",
        security: SIGNED_IN,
        summary: "Users, newest first, searchable by name or e-mail, with their balances",
        querystring: AdminUserListQuery,
        response: { 200: AdminUserList, ...errorResponses(...ADMIN_ERRORS, "validation_failed") },
      },
    },
    async (request) => listUsers(deps.db, request.query),
  );
  typed.get(
    "/api/v1/admin/users/:userId",
    {
      preValidation: deps.guards.requireAdmin,
      schema: {
        tags: ["admin"],
        operationId: "getUserDetail",
        security: SIGNED_IN,
        summary: "One user: profile, balances, recent transactions and help requests, live sessions",
        params: UserIdParams,
        response: { 200: AdminUserDetail, ...errorResponses(...ADMIN_ERRORS, "validation_failed", "not_found") },
      },
    },
    async (request) => getUserDetail(deps.db, deps.clock, request.params.userId),
  );
}

/** Ban, unban and delete: the changes that remove a user's access, each refused on oneself. */
function registerUserStatusRoutes(app: FastifyInstance, deps: AdminDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const errors = errorResponses(...ADMIN_ERRORS, "validation_failed", "not_found", "conflict");
  for (const action of ["ban", "unban"] as const) {
    typed.post(
      `/api/v1/admin/users/:userId/${action}`,
      {
        preValidation: deps.guards.requireAdmin,
        schema: {
          tags: ["admin"],
          operationId: action === "ban" ? "banUser" : "unbanUser",
          security: SIGNED_IN,
          summary: action === "ban" ? "Ban a user and end their sessions" : "Lift a ban",
          params: UserIdParams,
          response: { 200: UserBanResponse, ...errors },
        },
      },
      async (request) => {
        const isBanned = action === "ban";
        await setUserBanned(deps.db, auditActorOf(request), request.params.userId, isBanned);
        return { status: isBanned ? ("banned" as const) : ("active" as const) };
      },
    );
  }
  typed.delete(
    "/api/v1/admin/users/:userId",
    {
      preValidation: deps.guards.requireAdmin,
      schema: {
        tags: ["admin"],
        operationId: "deleteUser",
        security: SIGNED_IN,
        summary: "Close a user's account: refused while they hold money; personal data erased, ledger kept",
        params: UserIdParams,
        response: { 200: UserDeleteResponse, ...errors },
      },
    },
    async (request) => {
      await closeAccount(deps.db, deps.kycStorage, auditActorOf(request), request.params.userId);
      return { status: "closed" as const };
    },
  );
}

/** Contact User: an e-mail through the mail queue, and a help request opened for the user. */
function registerContactRoutes(app: FastifyInstance, deps: AdminDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    "/api/v1/admin/users/:userId/emails",
    {
      preValidation: deps.guards.requireAdmin,
      schema: {
        tags: ["admin"],
        operationId: "sendEmailToUser",
        security: SIGNED_IN,
        summary: "E-mail a user (queued for delivery)",
        params: UserIdParams,
        body: AdminEmailRequest,
        response: { 202: AdminEmailResponse, ...errorResponses(...ADMIN_ERRORS, "validation_failed", "not_found") },
      },
    },
    async (request, reply) => {
      await sendEmailToUser(deps.db, auditActorOf(request), request.params.userId, request.body);
      return reply.status(202).send({ status: "queued" as const });
    },
  );
  typed.post(
    "/api/v1/admin/users/:userId/help-requests",
    {
      preValidation: deps.guards.requireAdmin,
      schema: {
        tags: ["admin"],
        operationId: "createHelpRequestForUser",
        security: SIGNED_IN,
        summary: "Open a help request for a user ('[ADMIN] ' subject, open)",
        params: UserIdParams,
        body: AdminHelpRequestRequest,
        response: { 201: HelpRequestSummary, ...errorResponses(...ADMIN_ERRORS, "validation_failed", "not_found") },
      },
    },
    async (request, reply) => {
      const summary = await createHelpRequestForUser(deps, auditActorOf(request), request.params.userId, request.body);
      return reply.status(201).send(summary);
    },
  );
}

/** The admin's user management (spec §2 User Management, §6, §7): list, detail, ban, delete, contact. */
export function registerAdminRoutes(app: FastifyInstance, deps: AdminDeps): void {
  registerUserReadRoutes(app, deps);
  registerUserStatusRoutes(app, deps);
  registerContactRoutes(app, deps);
}
