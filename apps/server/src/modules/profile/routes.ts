import { Me, Profile, ProfileUpdateRequest } from "@ferry/core/contracts/profile";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "../../db/database.ts";
import { type Guards, viewerOf } from "../../http/guards.ts";
import { errorResponses, SIGNED_IN, SIGNED_IN_ERRORS } from "../../http/openapi.ts";
import { getMe, updateProfile } from "./service.ts";

export function registerProfileRoutes(app: FastifyInstance, deps: { db: Database; guards: Guards }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/api/v1/me",
    {
      preValidation: deps.guards.requireUser,
      schema: {
        tags: ["profile"],
        operationId: "getProfile",
        security: SIGNED_IN,
        summary: "The signed-in user's profile, with the App Preferences every page applies",
        response: { 200: Me, ...errorResponses(...SIGNED_IN_ERRORS, "not_found") },
      },
    },
    async (request) => getMe(deps.db, viewerOf(request).userId),
  );
  typed.put(
    "/api/v1/me/profile",
    {
      preValidation: deps.guards.requireUser,
      schema: {
        tags: ["profile"],
        operationId: "updateProfile",
        security: SIGNED_IN,
        summary: "Save the personal-information form",
        body: ProfileUpdateRequest,
        response: { 200: Profile, ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed", "not_found") },
      },
    },
    async (request) => updateProfile(deps.db, viewerOf(request).userId, request.body),
  );
}
