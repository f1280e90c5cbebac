import { z } from "zod";

/**
 * Every error code the API returns, with its HTTP status. A code is stable: the web maps it to the
 * specification's toast text, so changing one is a breaking change.
 */
export const ERROR_STATUS = {
  /** The request body, query or parameters do not match the endpoint's schema. */
  validation_failed: 400,
  /** No signed-in session, or the session has ended. */
  unauthenticated: 401,
  /** Signed in, but this account may not do this (for example a customer calling an admin endpoint). */
  forbidden: 403,
  /** The thing does not exist, or belongs to someone else (never revealed which). */
  not_found: 404,
  /**
   * The path exists but not with this method (for example DELETE on a list that can only be read); the
   * `Allow` header lists the methods it has.
   */
  method_not_allowed: 405,
  /** The client did not finish sending its request in time (Node's request timeout); nothing was changed. */
  request_timeout: 408,
  /** The request conflicts with the current state (for example an idempotency key reused with other content). */
  conflict: 409,
  /** An uploaded file is larger than the endpoint accepts; the message says the limit. */
  payload_too_large: 413,
  /** An uploaded file is not of a type the endpoint accepts (judged by its content, not its name). */
  unsupported_media_type: 415,
  /**
   * The request's header fields together are larger than the server reads (16 KiB, Node's limit), most
   * often an overgrown Cookie header; nothing was read or changed.
   */
  headers_too_large: 431,
  /** The account's available balance does not cover the amount (and its fee). */
  insufficient_funds: 422,
  /** A transfer leaving Ferry (bank, crypto, cash-out) would go over the daily limit; the message says the limit and what remains. */
  limit_exceeded: 422,
  /** A verification code is wrong, expired, used, or bound to a different transfer. */
  invalid_code: 422,
  /**
   * A right code from the authenticator app, but its time-step was already accepted (the same code
   * again, or one used moments ago to sign in or confirm something else): not counted as a wrong code;
   * the next code from the app works.
   */
  code_already_used: 422,
  /** Too many attempts in the current window; retry after the time the Retry-After header gives. */
  rate_limited: 429,
  /** Anything unexpected; the body says nothing internal and the log has the request id. */
  internal: 500,
  /**
   * Ferry cannot reach its database for the moment (restarting, failing over, refusing connections).
   * Nothing was changed; retry after the time the Retry-After header gives.
   */
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The one shape of every error body: `{ error: { code, message, fields? } }`. */
export const ApiErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;
