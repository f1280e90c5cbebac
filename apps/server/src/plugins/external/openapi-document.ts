import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { z } from "zod";
import { API_KEY_BASIC_SCHEME, API_KEY_BEARER_SCHEME, SESSION_COOKIE_SCHEME } from "../../http/openapi.ts";

/**
 * Parameters (`…Params`), query strings (`…Query`) and headers (`…Header`) are not named: the
 * OpenAPI document lists their fields one by one as parameters, which a `$ref` would hide.
 */
const PARAMETER_SCHEMA_NAME = /(Params|Query|Header)$/;

/**
 * Core's modules outside `contracts/` whose schemas the contracts are built from: the error body every
 * operation answers, and the recipient forms. Registered first, so a schema a contract re-exports keeps
 * its own module's name.
 */
const SCHEMA_MODULES_BESIDE_CONTRACTS = ["@ferry/core/errors", "@ferry/core/validation/recipient"];

/**
 * Every module of core's `contracts/` folder, tests aside, in name order: read from the folder, so a new
 * contracts module is named in the document without being listed anywhere. (Core's package exports
 * files, not folders, so the folder is found through one of its modules; by `require.resolve`, since
 * Vitest's module runner, which runs the end-to-end tests' server, has no `import.meta.resolve`.)
 */
export function listContractModules(): string[] {
  const folder = path.dirname(createRequire(import.meta.url).resolve("@ferry/core/contracts/pagination"));
  return readdirSync(folder)
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .sort()
    .map((file) => `@ferry/core/contracts/${file.slice(0, -".ts".length)}`);
}

/**
 * The named component schemas: every zod schema core's contracts export, under its export name (the
 * contract's own name, STYLE.md). Only those a documented operation uses end up in the document.
 */
export async function createContractRegistry(): Promise<z.core.$ZodRegistry<{ id: string }>> {
  const registry = z.registry<{ id: string }>();
  for (const specifier of [...SCHEMA_MODULES_BESIDE_CONTRACTS, ...listContractModules()]) {
    const module: Record<string, unknown> = await import(specifier);
    for (const [name, value] of Object.entries(module)) {
      if (value instanceof z.ZodType && !PARAMETER_SCHEMA_NAME.test(name) && !registry.has(value)) {
        registry.add(value, { id: name });
      }
    }
  }
  return registry;
}

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is plain JSON, walked generically here.
type Json = any;

const COMPONENT_PREFIX = "#/components/schemas/";
/** fastify-type-provider-zod names a registered schema's request (input) form `<id>Input`. */
const INPUT_SUFFIX = "Input";

/** Every `$ref` in `value`, recursively. */
function collectRefs(value: Json, into: Set<string>): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) {
      collectRefs(item, into);
    }
  } else if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && typeof child === "string" && child.startsWith(COMPONENT_PREFIX)) {
        into.add(child.slice(COMPONENT_PREFIX.length));
      } else {
        collectRefs(child, into);
      }
    }
  }
  return into;
}

/** The component names the operations use, directly or through other components. */
function reachableComponents(paths: Json, schemas: Record<string, Json>): Set<string> {
  const reached = new Set<string>();
  const pending = [...collectRefs(paths, new Set())];
  while (pending.length > 0) {
    const name = pending.pop() as string;
    if (reached.has(name) || !(name in schemas)) {
      continue;
    }
    reached.add(name);
    pending.push(...collectRefs(schemas[name], new Set()));
  }
  return reached;
}

function renameRefs(value: Json, renames: Map<string, string>): Json {
  return JSON.parse(JSON.stringify(value), (key, child) => {
    if (key === "$ref" && typeof child === "string" && child.startsWith(COMPONENT_PREFIX)) {
      const renamed = renames.get(child.slice(COMPONENT_PREFIX.length));
      return renamed ? `${COMPONENT_PREFIX}${renamed}` : child;
    }
    return child;
  });
}

/** The `<id>Input` components to list under their contract's plain name, and that name. */
function inputRenames(schemas: Record<string, Json>, used: Set<string>): Map<string, string> {
  const renames = new Map<string, string>();
  for (const name of used) {
    if (!name.endsWith(INPUT_SUFFIX)) {
      continue;
    }
    const base = name.slice(0, -INPUT_SUFFIX.length);
    const isSameAsOutput = JSON.stringify(schemas[name]) === JSON.stringify(schemas[base]);
    if (!used.has(base) || isSameAsOutput) {
      renames.set(name, base);
    }
  }
  return renames;
}

/** Bounds the renaming rounds; each round renames at least one component, and there are fewer than this. */
const MAX_RENAME_ROUNDS = 1_000;

/**
 * The component schemas the operations use, each under its contract's name: a request-only schema
 * drops the `Input` suffix, and one whose request and response forms are the same is listed once
 * (renaming one can make its users' two forms the same, hence the rounds). Unused components are
 * left out (Redocly's `no-unused-components`).
 */
export function nameComponents(document: Json): Json {
  let current = document;
  for (let round = 0; round < MAX_RENAME_ROUNDS; round += 1) {
    const schemas: Record<string, Json> = current.components?.schemas ?? {};
    const used = reachableComponents(current.paths, schemas);
    const renames = inputRenames(schemas, used);
    if (renames.size === 0) {
      const kept = Object.keys(schemas)
        .filter((name) => used.has(name))
        .sort()
        .map((name) => [name, schemas[name]]);
      return { ...current, components: { ...current.components, schemas: Object.fromEntries(kept) } };
    }
    const renamed = renameRefs(current, renames);
    const renamedSchemas: Record<string, Json> = {};
    for (const [name, schema] of Object.entries<Json>(renamed.components.schemas)) {
      if (!renames.has(name)) {
        renamedSchemas[name] = schema;
      }
    }
    for (const [from, to] of renames) {
      renamedSchemas[to] = renamed.components.schemas[from];
    }
    current = { ...renamed, components: { ...renamed.components, schemas: renamedSchemas } };
  }
  throw new Error("Naming the OpenAPI components did not settle");
}

/** What each error status means, for every operation's error responses. */
const ERROR_RESPONSE_DESCRIPTIONS: Record<string, string> = {
  "400":
    "The input does not match the operation's schema (`validation_failed`; `fields` names each field), or Better Auth refused it (its own code).",
  "401":
    "No signed-in session, or it has ended (`unauthenticated`); on Better Auth's endpoints, wrong credentials or code.",
  "403": "Signed in, but this account may not do this (`forbidden`).",
  "404": "No such resource, or it belongs to someone else (`not_found`).",
  "409": "The request conflicts with the current state (`conflict`).",
  "422":
    "Refused by a business rule: `insufficient_funds`, `limit_exceeded` (the message says what remains today), `invalid_code` or `code_already_used` (an authenticator code whose time-step was already accepted: wait for the next one).",
  "429": "Too many attempts in the current window (`rate_limited`); retry after the `Retry-After` header's seconds.",
  "503":
    "Ferry cannot reach its database for the moment (`unavailable`); nothing was changed, retry after `Retry-After`.",
};
const SUCCESS_RESPONSE_DESCRIPTIONS: Record<string, string> = {
  "200": "OK",
  "201": "Created",
  "204": "Done; no content",
};
const RETRY_AFTER_HEADER = {
  "Retry-After": { description: "Seconds to wait before retrying", schema: { type: "integer", minimum: 0 } },
};

/**
 * Node answers 431 to any request whose header fields exceed 16 KiB, before a route is chosen (errors.ts
 * `answerClientError`): every operation can answer it, so each lists this one shared response.
 */
const HEADERS_TOO_LARGE_RESPONSE = {
  description:
    "The request's header fields together exceed 16 KiB, most often an overgrown Cookie header (`headers_too_large`); nothing was read or changed.",
  content: { "application/json": { schema: { $ref: `${COMPONENT_PREFIX}ApiErrorBody` } } },
};
const HEADERS_TOO_LARGE_REF = { $ref: "#/components/responses/HeadersTooLarge" };

/** What every answer to an API credential carries (decision 041): where it stands against its rate limit. */
const RATE_LIMIT_HEADERS = {
  "RateLimit-Limit": {
    description: "Requests this API credential may make a minute (sent to API credentials only)",
    schema: { type: "integer", minimum: 1 },
  },
  "RateLimit-Remaining": {
    description: "Requests it has left in the current window (sent to API credentials only)",
    schema: { type: "integer", minimum: 0 },
  },
  "RateLimit-Reset": {
    description: "Seconds until the oldest request of the window leaves it (sent to API credentials only)",
    schema: { type: "integer", minimum: 0 },
  },
};

/** Whether an operation admits API credentials: its `security` lists the bearer scheme. */
function acceptsApiCredentials(operation: Json): boolean {
  return (operation.security ?? []).some((requirement: Json) => API_KEY_BEARER_SCHEME in requirement);
}

/**
 * Response descriptions by status (Fastify's are all "Default Response"), `Retry-After` where it is
 * sent, the `RateLimit-*` headers of operations that admit API credentials (on their successes and
 * 429), and the 431 every operation can answer.
 */
export function describeResponses(document: Json): Json {
  document.components = { ...document.components, responses: { HeadersTooLarge: HEADERS_TOO_LARGE_RESPONSE } };
  for (const operations of Object.values<Json>(document.paths ?? {})) {
    for (const operation of Object.values<Json>(operations)) {
      operation.responses = { ...operation.responses, "431": HEADERS_TOO_LARGE_REF };
      for (const [status, response] of Object.entries<Json>(operation.responses ?? {})) {
        if (response.description === "Default Response") {
          response.description =
            ERROR_RESPONSE_DESCRIPTIONS[status] ?? SUCCESS_RESPONSE_DESCRIPTIONS[status] ?? response.description;
        }
        if (status === "429" || status === "503") {
          response.headers = { ...RETRY_AFTER_HEADER, ...response.headers };
        }
        if (acceptsApiCredentials(operation) && (status.startsWith("2") || status === "429")) {
          response.headers = { ...response.headers, ...RATE_LIMIT_HEADERS };
        }
      }
    }
  }
  return document;
}

/**
 * How callers authenticate. Browsers carry Better Auth's session cookie (named with a `__Secure-`
 * prefix in production, where cookies are Secure). Third-party apps send an API credential (decision
 * 041), as a bearer token or HTTP Basic; the operations that accept one list its scope.
 */
export const SECURITY_SCHEMES = {
  [SESSION_COOKIE_SCHEME]: {
    type: "apiKey",
    in: "cookie",
    name: "better-auth.session_token",
    description:
      "Better Auth's httpOnly session cookie, set by `POST /api/auth/two-factor/verify-otp` after the e-mailed sign-in code (`__Secure-better-auth.session_token` over HTTPS in production).",
  },
  [API_KEY_BEARER_SCHEME]: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "app_id:secret",
    description:
      "An API credential made on /connect: `Authorization: Bearer <app_id>:<secret>` (`app_` + 8 characters, a colon, `sk_` + 32). Each operation lists the scope it needs; 100 requests a minute per credential, with `RateLimit-*` headers.",
  },
  [API_KEY_BASIC_SCHEME]: {
    type: "http",
    scheme: "basic",
    description: "The same API credential as HTTP Basic: the app id as user name, the secret as password.",
  },
} as const;
