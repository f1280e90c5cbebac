import { AdminUserList, AdminUserListQuery, USER_ID_PATTERN, UserIdParams } from "@ferry/core/contracts/admin";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { decodeCursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { type Guards, viewerOf } from "../auth/guards.ts";
import { selectUsers } from "./queries.ts";
import { setUserBanned } from "./service.ts";

export function registerAdminRoutes(app: FastifyInstance, deps: { db: Database; guards: Guards }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/api/v1/admin/users",
    {
      preValidation: deps.guards.requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Users, newest first, searchable by name or e-mail",
        querystring: AdminUserListQuery,
        response: { 200: AdminUserList },
      },
    },
    async (request) => {
      const { search, limit, cursor } = request.query;
      const users = await selectUsers(deps.db, { search, limit, after: decodeCursor(cursor, USER_ID_PATTERN) });
      const last = users.at(-1);
      const nextCursor =
        users.length === limit && last
          ? Buffer.from(`${last.createdAt}|${last.userId}`, "utf8").toString("base64url")
          : null;
      return { users, nextCursor };
    },
  );

  for (const action of ["ban", "unban"] as const) {
    typed.post(
      `/api/v1/admin/users/:userId/${action}`,
      {
        preValidation: deps.guards.requireAdmin,
        schema: {
          tags: ["admin"],
          summary: action === "ban" ? "Ban a user and end their sessions" : "Lift a ban",
          params: UserIdParams,
          response: { 200: z.object({ status: z.enum(["banned", "active"]) }) },
        },
      },
      async (request) => {
        const isBanned = action === "ban";
        await setUserBanned(deps.db, viewerOf(request).userId, request.params.userId, isBanned);
        return { status: isBanned ? ("banned" as const) : ("active" as const) };
      },
    );
  }
}
