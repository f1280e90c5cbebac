import type { ApiErrorBody } from "@ferry/core/errors";

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

interface RequestOptions {
  readonly method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
  readonly signal?: AbortSignal;
}

/** Calls the API on the same origin with the session cookie; throws ApiError on any non-2xx answer. */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? "GET",
      credentials: "same-origin",
      headers: {
        accept: "application/json",
        ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
        ...options.headers,
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch {
    throw new ApiError(0, "network_error", "Could not reach Ferry. Check your connection and try again.");
  }
  return readAnswer<T>(response);
}

/**
 * Uploads one file as `multipart/form-data` (field `file`) on the same origin with the session
 * cookie; the browser sets the content type with its boundary. Errors map as `apiFetch`'s do.
 */
export async function apiUpload<T>(path: string, file: File, signal?: AbortSignal): Promise<T> {
  const body = new FormData();
  body.append("file", file);
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: { accept: "application/json" },
      body,
      signal,
    });
  } catch {
    throw new ApiError(0, "network_error", "Could not reach Ferry. Check your connection and try again.");
  }
  return readAnswer<T>(response);
}

/** The JSON body of an answer, or an ApiError for any non-2xx one. */
async function readAnswer<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) {
    const error = (parseErrorBody(text) as ApiErrorBody | null)?.error;
    throw new ApiError(
      response.status,
      error?.code ?? "unknown",
      error?.message ?? `Request failed (${response.status})`,
      error?.fields ?? {},
    );
  }
  return (text ? JSON.parse(text) : null) as T;
}

/** An error answer's JSON body; one that is not JSON (a proxy's HTML error page, say) reads as none. */
function parseErrorBody(text: string): unknown {
  if (!text) {
    return null;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The message to show for a failed call: the server's own words, or the given fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) {
    return error.message;
  }
  return fallback;
}
