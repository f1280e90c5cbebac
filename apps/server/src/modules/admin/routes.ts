import { AdminUserList, AdminUserListQuery, UserBanResponse, UserIdParams } from "@ferry/core/contracts/admin";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "../../db/database.ts";
import type { Guards } from "../../http/guards.ts";
import { ADMIN_ERRORS, errorResponses, SIGNED_IN } from "../../http/openapi.ts";
import { auditActorOf } from "../audit/service.ts";
import { listUsers, setUserBanned } from "./service.ts";

export function registerAdminRoutes(app: FastifyInstance, deps: { db: Database; guards: Guards }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/api/v1/admin/users",
    {
      preValidation: deps.guards.requireAdmin,
      schema: {
        tags: ["admin"],
        operationId: "listUsers",
        security: SIGNED_IN,
        summary: "Users, newest first, searchable by name or e-mail",
        querystring: AdminUserListQuery,
        response: { 200: AdminUserList, ...errorResponses(...ADMIN_ERRORS, "validation_failed") },
      },
    },
    async (request) => listUsers(deps.db, request.query),
  );

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
          response: {
            200: UserBanResponse,
            ...errorResponses(...ADMIN_ERRORS, "validation_failed", "not_found", "conflict"),
          },
        },
      },
      async (request) => {
        const isBanned = action === "ban";
        await setUserBanned(deps.db, auditActorOf(request), request.params.userId, isBanned);
        return { status: isBanned ? ("banned" as const) : ("active" as const) };
      },
    );
  }
}
