import {
  Passkey,
  PasskeyIdParams,
  PasskeyList,
  PasskeyRegistrationOptions,
  PasskeyRegistrationOptionsRequest,
  PasskeyRegistrationRequest,
  PasskeyRenameRequest,
  PasskeySignInOptions,
  PasskeySignInRequest,
} from "@ferry/core/contracts/passkeys";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { type Guards, toFetchHeaders, viewerOf } from "../../http/guards.ts";
import { errorResponses, PUBLIC, SIGNED_IN, SIGNED_IN_ERRORS } from "../../http/openapi.ts";
import type { Auth } from "../auth/service.ts";
import {
  createRegistrationOptions,
  createSignInOptions,
  listPasskeys,
  registerPasskey,
  removePasskey,
  renamePasskey,
  signInWithPasskey,
} from "./service.ts";

interface PasskeyRouteDeps {
  readonly auth: Auth;
  readonly db: Database;
  readonly config: Config;
  readonly guards: Guards;
}

/** The signed-in user's own passkeys under /api/v1/passkeys: list and register. */
function registerPasskeyManagementRoutes(app: FastifyInstance, deps: PasskeyRouteDeps): void {
  const { db, config, guards } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ["passkeys"], security: SIGNED_IN };
  typed.get(
    "/api/v1/passkeys",
    {
      preValidation: guards.requireUser,
      schema: {
        ...schema,
        operationId: "listPasskeys",
        summary: "Your passkeys, newest first",
        response: { 200: PasskeyList, ...errorResponses(...SIGNED_IN_ERRORS) },
      },
    },
    async (request) => listPasskeys(db, viewerOf(request).userId),
  );
  typed.post(
    "/api/v1/passkeys/registration-options",
    {
      preValidation: guards.requireUser,
      schema: {
        ...schema,
        operationId: "createPasskeyRegistrationOptions",
        summary:
          "WebAuthn options to create a passkey, on the current password (the challenge is single use, bound to this session)",
        body: PasskeyRegistrationOptionsRequest,
        response: {
          200: PasskeyRegistrationOptions,
          ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed", "conflict", "rate_limited"),
        },
      },
    },
    async (request) =>
      createRegistrationOptions(deps, viewerOf(request), {
        password: request.body.password,
        headers: toFetchHeaders(request.headers),
      }),
  );
  typed.post(
    "/api/v1/passkeys",
    {
      preValidation: guards.requireUser,
      schema: {
        ...schema,
        operationId: "registerPasskey",
        summary: "Register a passkey with the browser's answer to the registration options, under a name",
        body: PasskeyRegistrationRequest,
        response: { 201: Passkey, ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed", "conflict") },
      },
    },
    async (request, reply) => {
      const actor = { viewer: viewerOf(request), clientAddress: request.ip };
      return reply.status(201).send(await registerPasskey(db, config, actor, request.body));
    },
  );
}

/** Renaming and removing one of the user's own passkeys; another user's reads as missing. */
function registerPasskeyChangeRoutes(app: FastifyInstance, deps: PasskeyRouteDeps): void {
  const { db, config, guards } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ["passkeys"], security: SIGNED_IN };
  typed.patch(
    "/api/v1/passkeys/:passkeyId",
    {
      preValidation: guards.requireUser,
      schema: {
        ...schema,
        operationId: "renamePasskey",
        summary: "Rename one of your passkeys",
        params: PasskeyIdParams,
        body: PasskeyRenameRequest,
        response: { 200: Passkey, ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed", "not_found") },
      },
    },
    async (request) =>
      renamePasskey(
        db,
        { viewer: viewerOf(request), clientAddress: request.ip },
        request.params.passkeyId,
        request.body.name,
      ),
  );
  typed.delete(
    "/api/v1/passkeys/:passkeyId",
    {
      preValidation: guards.requireUser,
      schema: {
        ...schema,
        operationId: "removePasskey",
        summary: "Remove one of your passkeys (the owner is e-mailed)",
        params: PasskeyIdParams,
        response: { 204: z.null(), ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed", "not_found") },
      },
    },
    async (request, reply) => {
      const actor = { viewer: viewerOf(request), clientAddress: request.ip };
      await removePasskey(db, config, actor, request.params.passkeyId);
      return reply.status(204).send(null);
    },
  );
}

/** Signing in with a passkey: public, usernameless, both factors at once. */
function registerPasskeySignInRoutes(app: FastifyInstance, deps: PasskeyRouteDeps): void {
  const { auth, db, config } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    "/api/v1/auth/passkey/options",
    {
      schema: {
        tags: ["auth"],
        operationId: "createPasskeySignInOptions",
        security: PUBLIC,
        summary: "WebAuthn options to sign in with a passkey (single-use challenge, user verification required)",
        response: { 200: PasskeySignInOptions, ...errorResponses("rate_limited", "unavailable") },
      },
    },
    async (request) => createSignInOptions(db, config, request.ip),
  );
  typed.post(
    "/api/v1/auth/passkey/sign-in",
    {
      schema: {
        tags: ["auth"],
        operationId: "signInWithPasskey",
        security: PUBLIC,
        summary: "Sign in with a passkey: starts the session (sets the session cookie) as a completed code does",
        body: PasskeySignInRequest,
        response: {
          200: z.object({ status: z.literal("ok") }),
          ...errorResponses("validation_failed", "unauthenticated", "forbidden", "rate_limited", "unavailable"),
        },
      },
    },
    async (request, reply) => {
      const client = { userAgent: request.headers["user-agent"] ?? "unknown", ip: request.ip };
      const cookies = await signInWithPasskey({ auth, db, config }, request.body, client);
      reply.header("set-cookie", cookies);
      return { status: "ok" as const };
    },
  );
}

/** Passkeys (WebAuthn): managing your own, and signing in with one. */
export function registerPasskeyRoutes(app: FastifyInstance, deps: PasskeyRouteDeps): void {
  registerPasskeyManagementRoutes(app, deps);
  registerPasskeyChangeRoutes(app, deps);
  registerPasskeySignInRoutes(app, deps);
}
