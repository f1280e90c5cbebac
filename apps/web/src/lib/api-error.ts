import type { ApiErrorBody } from "@ferry/core/errors";
import { translateText } from "../i18n/i18n.tsx";

/*
 * The API's errors, apart from the client (api.ts): pages that only show an error, such as the public
 * site's layout, need these without loading the generated client into the first script of `/`.
 */

/** An error answered by the API, with its stable code and per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/**
 * The ApiError of a non-2xx answer: the server's code, message and fields, or (a body that is not
 * Ferry's error, such as a proxy's HTML page) the status alone.
 */
export function errorOf(status: number, body: unknown): ApiError {
  const error = typeof body === "object" && body !== null ? (body as Partial<ApiErrorBody>).error : undefined;
  return new ApiError(
    status,
    error?.code ?? "unknown",
    error?.message ?? `Request failed (${status})`,
    error?.fields ?? {},
  );
}

/**
 * The message to show for a failed call: the server's own words (in the person's language when the
 * catalogs hold them, issue 29), or the given fallback.
 */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) {
    return translateText(error.message);
  }
  return fallback;
}
