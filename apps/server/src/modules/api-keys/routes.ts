import {
  ApiCredentialIdParams,
  ApiCredentialList,
  ApiCredentialListQuery,
  ApiCredentialWithSecret,
  CreateApiCredentialRequest,
  RegenerateApiCredentialRequest,
} from "@ferry/core/contracts/connect";
import { TransferCodeSent } from "@ferry/core/contracts/transfers";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { type Guards, viewerOf } from "../../http/guards.ts";
import { errorResponses, SIGNED_IN, SIGNED_IN_ERRORS } from "../../http/openapi.ts";
import { enforceThrottle } from "../../http/throttle.ts";
import { auditActorOf } from "../audit/service.ts";
import {
  createApiCredential,
  disconnectApiCredential,
  listApiCredentials,
  regenerateApiCredential,
  requestApiCredentialCode,
  requestApiCredentialRegenerateCode,
} from "./service.ts";

interface ApiKeyRouteDeps {
  readonly db: Database;
  readonly config: Config;
  readonly guards: Guards;
  /** The business clock e-mailed codes expire by. */
  readonly clock: Clock;
  /** The machine's clock, which codes of an authenticator app are checked by. */
  readonly totpClock: Clock;
}

/**
 * A customer's API credentials (connected apps, /connect): session only. A request made with an API
 * credential is refused (403): these routes declare no scope (http/guards.ts), so an app can never
 * mint, see or revoke credentials.
 */
export function registerApiKeyRoutes(app: FastifyInstance, deps: ApiKeyRouteDeps) {
  registerListAndCreateRoutes(app, deps);
  registerCodeRoute(app, deps);
  registerCredentialChangeRoutes(app, deps);
}

function registerListAndCreateRoutes(app: FastifyInstance, deps: ApiKeyRouteDeps) {
  const { db, config, guards, clock, totpClock } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/api/v1/api-credentials",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["connect"],
        operationId: "listApiCredentials",
        security: SIGNED_IN,
        summary: "Your connected apps, newest first: never a secret, only its last 4 characters",
        querystring: ApiCredentialListQuery,
        response: { 200: ApiCredentialList, ...errorResponses(...SIGNED_IN_ERRORS, "forbidden", "validation_failed") },
      },
    },
    async (request) => listApiCredentials(db, viewerOf(request).userId, request.query.limit),
  );

  typed.post(
    "/api/v1/api-credentials",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["connect"],
        operationId: "createApiCredential",
        security: SIGNED_IN,
        summary:
          "Connect an app: an app id and a secret, shown this once. With `transfers:write`, a daily limit and a fresh code (the authenticator app's, or one from `POST /api/v1/api-credentials/code`)",
        body: CreateApiCredentialRequest,
        response: {
          201: ApiCredentialWithSecret,
          ...errorResponses(
            ...SIGNED_IN_ERRORS,
            "forbidden",
            "validation_failed",
            "conflict",
            "invalid_code",
            "code_already_used",
            "rate_limited",
          ),
        },
      },
    },
    async (request, reply) => {
      const keys = { config, clock, totpClock };
      const created = await createApiCredential(db, keys, auditActorOf(request), request.body);
      return reply.status(201).send(created);
    },
  );
}

/** The e-mailed code for a credential that sends money, for an account without an authenticator app. */
function registerCodeRoute(app: FastifyInstance, deps: ApiKeyRouteDeps) {
  const { db, config, guards, clock } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    "/api/v1/api-credentials/code",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["connect"],
        operationId: "sendApiCredentialCode",
        security: SIGNED_IN,
        summary:
          "E-mail the code that lets a new app send money (15 minutes, 5 tries); refused (409) for an account with an authenticator app, whose code is asked instead",
        response: {
          200: TransferCodeSent,
          ...errorResponses(...SIGNED_IN_ERRORS, "forbidden", "conflict", "rate_limited"),
        },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      await enforceThrottle(db, [
        { key: `api-credential-code:account:${viewer.userId}`, max: 5, windowSeconds: 15 * 60 },
      ]);
      return requestApiCredentialCode(db, { secret: config.authSecret, clock }, viewer);
    },
  );

  typed.post(
    "/api/v1/api-credentials/:credentialId/code",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["connect"],
        operationId: "sendApiCredentialRegenerateCode",
        security: SIGNED_IN,
        summary:
          "E-mail the code that lets this app, which sends money, get a new secret (15 minutes, 5 tries); refused (409) for an app that cannot send money, or an account with an authenticator app",
        params: ApiCredentialIdParams,
        response: {
          200: TransferCodeSent,
          ...errorResponses(
            ...SIGNED_IN_ERRORS,
            "forbidden",
            "validation_failed",
            "not_found",
            "conflict",
            "rate_limited",
          ),
        },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      await enforceThrottle(db, [
        { key: `api-credential-code:account:${viewer.userId}`, max: 5, windowSeconds: 15 * 60 },
      ]);
      const keys = { secret: config.authSecret, clock };
      return requestApiCredentialRegenerateCode(db, keys, viewer, request.params.credentialId);
    },
  );
}

function registerCredentialChangeRoutes(app: FastifyInstance, deps: ApiKeyRouteDeps) {
  const { db, config, guards, clock, totpClock } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    "/api/v1/api-credentials/:credentialId/regenerate",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["connect"],
        operationId: "regenerateApiCredential",
        security: SIGNED_IN,
        summary:
          "A new secret for a connected app, shown this once; the old one is refused from now on. With `transfers:write`, a fresh code (the authenticator app's, or one from `POST /api/v1/api-credentials/{credentialId}/code`)",
        params: ApiCredentialIdParams,
        body: RegenerateApiCredentialRequest.nullish(),
        response: {
          200: ApiCredentialWithSecret,
          ...errorResponses(
            ...SIGNED_IN_ERRORS,
            "forbidden",
            "validation_failed",
            "not_found",
            "invalid_code",
            "code_already_used",
            "rate_limited",
          ),
        },
      },
    },
    async (request) => {
      const keys = { config, clock, totpClock };
      const { credentialId } = request.params;
      return regenerateApiCredential(db, keys, auditActorOf(request), credentialId, request.body ?? {});
    },
  );

  typed.delete(
    "/api/v1/api-credentials/:credentialId",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["connect"],
        operationId: "disconnectApiCredential",
        security: SIGNED_IN,
        summary: "Disconnect an app: its credential is revoked at once and its webhook endpoints stop",
        params: ApiCredentialIdParams,
        response: {
          204: z.null(),
          ...errorResponses(...SIGNED_IN_ERRORS, "forbidden", "validation_failed", "not_found"),
        },
      },
    },
    async (request, reply) => {
      await disconnectApiCredential(db, auditActorOf(request), request.params.credentialId);
      return reply.status(204).send(null);
    },
  );
}
