import type { ApiScope } from "@ferry/core/contracts/connect";
import { ApiErrorBody, ERROR_STATUS, type ErrorCode } from "@ferry/core/errors";

/** The name of the OpenAPI security scheme of Better Auth's session cookie (plugins/external/swagger.ts). */
export const SESSION_COOKIE_SCHEME = "cookieAuth";
/** An API credential as `Authorization: Bearer <app_id>:<secret>` (decision 041). */
export const API_KEY_BEARER_SCHEME = "apiKeyBearer";
/** An API credential as HTTP Basic: the app id as user, the secret as password. */
export const API_KEY_BASIC_SCHEME = "apiKeyBasic";

/** An operation's `security`: the schemes that admit a caller, any one of them sufficing (`{}`: none needed). */
type Security = { [scheme: string]: string[] }[];

/** `security` of an operation that needs a signed-in session (the routes guarded by `requireUser`/`requireAdmin`). */
export const SIGNED_IN: Security = [{ [SESSION_COOKIE_SCHEME]: [] }];

/**
 * `security` of an operation a session may call, and an API credential holding `scope` (the route
 * declares the same scope in its `config`, http/guards.ts `acceptsApiScope`).
 */
export function signedInOrApiScope(scope: ApiScope): Security {
  return [{ [SESSION_COOKIE_SCHEME]: [] }, { [API_KEY_BEARER_SCHEME]: [scope] }, { [API_KEY_BASIC_SCHEME]: [scope] }];
}

/** `security` of an operation that reads the session cookie when there is one, and answers without it too. */
export const SIGNED_IN_OR_NOT: Security = [{}, { [SESSION_COOKIE_SCHEME]: [] }];

/** `security` of an operation anyone may call. */
export const PUBLIC: Security = [];

type ErrorStatus<C extends ErrorCode> = (typeof ERROR_STATUS)[C];

/**
 * The `response` entries of the error codes a route really answers with: each code's status mapped to
 * the one error body, `{ error: { code, message, fields? } }`. Routes list what their guard
 * (`unauthenticated`, `forbidden`), validation (`validation_failed`), throttle (`rate_limited`),
 * database (`unavailable`) and rules (`not_found`, `conflict`, the 422 codes) can answer; the contract
 * test (tests/integration/openapi-contract.test.ts) fails on any status a route answers but does not list.
 */
export function errorResponses<const C extends ErrorCode>(...codes: C[]): Record<ErrorStatus<C>, typeof ApiErrorBody> {
  const responses: Partial<Record<number, typeof ApiErrorBody>> = {};
  for (const code of codes) {
    responses[ERROR_STATUS[code]] = ApiErrorBody;
  }
  return responses as Record<ErrorStatus<C>, typeof ApiErrorBody>;
}

/** What a guarded customer route can answer before its own rules: no session, and no database. */
export const SIGNED_IN_ERRORS = ["unauthenticated", "unavailable"] as const;

/**
 * What a route that admits API credentials can answer before its own rules: no (or a wrong) session or
 * credential, a credential without the route's scope, the credential's rate limit, and no database.
 */
export const API_SCOPED_ERRORS = ["unauthenticated", "forbidden", "rate_limited", "unavailable"] as const;

/** What an admin route can answer before its own rules: no session, not an admin, and no database. */
export const ADMIN_ERRORS = ["unauthenticated", "forbidden", "unavailable"] as const;
