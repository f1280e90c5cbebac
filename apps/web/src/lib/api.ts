import { createApiClient } from "@ferry/api-client/client";
import { activeLanguage } from "../i18n/i18n.tsx";
import { ApiError, errorOf } from "./api-error.ts";
import { takeEarlyRead } from "./early-reads.ts";
import { recordSessionAnswer } from "./idle-session.ts";

/**
 * `fetch`, looked up on each call (tests stand in for it), with an unreachable server as an ApiError;
 * each answer's idle-timeout figure is noted for the signed-in shell's warning (lib/idle-session.ts).
 * It asks for the language the app shows, not the browser's: the server writes its error messages in
 * it, amounts and all (issue 29).
 */
async function fetchOrExplain(request: Request): Promise<Response> {
  request.headers.set("accept-language", activeLanguage());
  // The page's shell may have read this already (decision 052); a read that failed is asked again.
  const early = await takeEarlyRead(request);
  if (early?.ok) {
    recordSessionAnswer(early);
    return early;
  }
  let response: Response;
  try {
    response = await globalThis.fetch(request);
  } catch {
    throw new ApiError(0, "network_error", "Could not reach Ferry. Check your connection and try again.");
  }
  recordSessionAnswer(response);
  return response;
}

/**
 * The API on this page's origin, with the session cookie, typed from the OpenAPI document
 * (packages/api-client). openapi-fetch builds a `Request`, which needs an absolute URL outside a page
 * (the tests), hence the origin; pre-rendering, which calls nothing, has none. Read answers with `dataOf`.
 */
export const api = createApiClient({
  baseUrl: globalThis.location?.origin ?? "",
  credentials: "same-origin",
  headers: { accept: "application/json" },
  fetch: fetchOrExplain,
});

/** What each of the client's calls resolves to: a 2xx answer's data, or another's error body. */
interface Answer {
  readonly data?: unknown;
  readonly error?: unknown;
  readonly response: Response;
}

/** The data of an answer's 2xx form; `undefined` for an operation that answers no content. */
type DataOf<A> = A extends { data: infer Data; error?: never } ? ([Data] extends [never] ? undefined : Data) : never;

/** The data of a call's 2xx answer, typed by the document; an ApiError for any other answer. */
export async function dataOf<A extends Answer>(call: Promise<A>): Promise<DataOf<A>> {
  const { data, error, response } = await call;
  if (!response.ok) {
    throw errorOf(response.status, error);
  }
  return data as DataOf<A>;
}

/**
 * The body of a `multipart/form-data` operation (an upload), for its `bodySerializer`: each field one
 * part, a file as itself. The browser sets the content type with its boundary.
 */
export function formDataOf(fields: Readonly<Record<string, string | Blob>>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    form.append(name, value);
  }
  return form;
}
