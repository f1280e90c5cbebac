import { AuthStatus } from "@ferry/core/contracts/auth-responses";
import {
  AuthenticatorEnrolled,
  AuthenticatorSetup,
  AuthenticatorStatus,
  ConfirmAuthenticatorRequest,
  RemoveAuthenticatorRequest,
  StartAuthenticatorRequest,
} from "@ferry/core/contracts/authenticator";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type Guards, toFetchHeaders, viewerOf } from "../../http/guards.ts";
import { errorResponses, SIGNED_IN, SIGNED_IN_ERRORS } from "../../http/openapi.ts";
import { auditActorOf } from "../audit/service.ts";
import {
  authenticatorStatusOf,
  confirmEnrolment,
  type EnrolmentDeps,
  removeAuthenticator,
  startEnrolment,
} from "./enrolment.ts";

type AuthenticatorRouteDeps = EnrolmentDeps & { guards: Guards };

const BASE = "/api/v1/auth/authenticator";

/** The authenticator app's routes (Security card): status, set-up, confirmation with a code, removal. */
export function registerAuthenticatorRoutes(app: FastifyInstance, deps: AuthenticatorRouteDeps): void {
  registerEnrolmentRoutes(app, deps);
  registerCodeRoutes(app, deps);
}

/** Whether an app is set up, and starting a set-up. */
function registerEnrolmentRoutes(app: FastifyInstance, deps: AuthenticatorRouteDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { guards } = deps;
  const base = BASE;

  typed.get(
    base,
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["auth"],
        operationId: "getAuthenticator",
        security: SIGNED_IN,
        summary: "Whether an authenticator app is set up, and how many backup codes remain",
        response: { 200: AuthenticatorStatus, ...errorResponses(...SIGNED_IN_ERRORS) },
      },
    },
    async (request) => authenticatorStatusOf(deps, viewerOf(request).userId),
  );

  typed.post(
    base,
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["auth"],
        operationId: "startAuthenticator",
        security: SIGNED_IN,
        summary: "Set up an authenticator app: the password again, then a new secret (QR code URI and text)",
        body: StartAuthenticatorRequest,
        response: {
          200: AuthenticatorSetup,
          ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed", "conflict", "rate_limited"),
        },
      },
    },
    async (request) =>
      startEnrolment(deps, viewerOf(request).userId, {
        password: request.body.password,
        headers: toFetchHeaders(request.headers),
      }),
  );
}

/** The two steps that take a code from the app: confirming a set-up, and removing the app. */
function registerCodeRoutes(app: FastifyInstance, deps: AuthenticatorRouteDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { guards } = deps;
  const base = BASE;

  typed.post(
    `${base}/confirm`,
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["auth"],
        operationId: "confirmAuthenticator",
        security: SIGNED_IN,
        summary: "Confirm the set-up with a code from the app; answers the ten backup codes, once",
        body: ConfirmAuthenticatorRequest,
        response: {
          200: AuthenticatorEnrolled,
          ...errorResponses(
            ...SIGNED_IN_ERRORS,
            "validation_failed",
            "conflict",
            "invalid_code",
            "code_already_used",
            "rate_limited",
          ),
        },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const enrollee = { userId: viewer.userId, email: viewer.email, actor: auditActorOf(request) };
      return confirmEnrolment(deps, enrollee, request.body.code);
    },
  );

  typed.post(
    `${base}/remove`,
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["auth"],
        operationId: "removeAuthenticator",
        security: SIGNED_IN,
        summary: "Remove the authenticator app with a current code or a backup code (back to e-mailed codes)",
        body: RemoveAuthenticatorRequest,
        response: {
          200: AuthStatus,
          ...errorResponses(
            ...SIGNED_IN_ERRORS,
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
      const viewer = viewerOf(request);
      const enrollee = { userId: viewer.userId, email: viewer.email, actor: auditActorOf(request) };
      await removeAuthenticator(deps, enrollee, request.body.code);
      return { status: true as const };
    },
  );
}
