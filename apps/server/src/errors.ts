import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { ERROR_STATUS, type ErrorCode } from "@ferry/core/errors";
import { negotiateLanguage, SOURCE_LANGUAGE } from "@ferry/core/i18n/languages";
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { type Reader, readerFor } from "./i18n/translator.ts";

/** An error's texts: its message, and the message of each field it names. */
export interface ErrorTexts {
  readonly message: string;
  readonly fields?: Record<string, string>;
}

/**
 * The one error type of the server: a stable code, a message for people, and optional per-field messages.
 * The answer is in the language the request asks for (`Accept-Language`, which the web app sets to the
 * language it shows): a plain message through the catalog, one with values (`AppError.written`) written
 * for that reader, amounts in their format (issue 29).
 */
export class AppError extends Error {
  readonly status: number;
  /** For an error whose texts carry values: writes them for a reader. */
  write?: (reader: Reader) => ErrorTexts;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
    this.status = ERROR_STATUS[code];
  }

  /** An error whose message (and fields) carry values, written for each reader; its own texts are English. */
  static written(code: ErrorCode, write: (reader: Reader) => ErrorTexts): AppError {
    const english = write(readerFor(SOURCE_LANGUAGE));
    const error = new AppError(code, english.message, english.fields);
    error.write = write;
    return error;
  }
}

/** The error's texts in the language `request` asks for; English when it asks for none. */
function textsFor(error: AppError, request: FastifyRequest): ErrorTexts {
  const language = negotiateLanguage(request.headers["accept-language"]);
  if (language === SOURCE_LANGUAGE) {
    return { message: error.message, fields: error.fields };
  }
  const reader = readerFor(language);
  if (error.write) {
    return error.write(reader);
  }
  const fields = error.fields
    ? Object.fromEntries(Object.entries(error.fields).map(([name, text]) => [name, reader.translateText(text)]))
    : undefined;
  return { message: reader.translateText(error.message), fields };
}

/** How long a client should wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// Socket errors of a connection to PostgreSQL that could not be opened or was cut.
const CONNECTION_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
// SQLSTATEs of a server that is going away or not taking connections: admin_shutdown, crash_shutdown,
// cannot_connect_now (starting up, shutting down, recovering) and too_many_connections.
// Class 08 (connection exceptions) is matched by its prefix.
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
// node-postgres reports a cut connection, a full pool and a dead client only in the message.
const CONNECTION_ERROR_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /Client was closed and is not queryable/,
];
/** Bounds the walk through `cause` chains and AggregateErrors (Node's multi-address connect). */
const MAX_CAUSE_DEPTH = 5;

/**
 * Whether `error` means PostgreSQL cannot be reached right now (refused or cut connections, a server
 * shutting down or starting), rather than a fault in the request or the code. Such errors become a
 * 503 `unavailable` that clients may retry; nothing was changed, because the transaction never committed.
 */
export function isDatabaseUnavailableError(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > MAX_CAUSE_DEPTH) {
    return false;
  }
  const { code, syscall, message, cause } = error as {
    code?: unknown;
    syscall?: unknown;
    message?: unknown;
    cause?: unknown;
  };
  if (typeof code === "string") {
    if (CONNECTION_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) {
      return true;
    }
    // A stopped PostgreSQL removes its Unix socket: connecting to it finds no such file.
    if (code === "ENOENT" && syscall === "connect") {
      return true;
    }
  }
  if (typeof message === "string" && CONNECTION_ERROR_MESSAGES.some((pattern) => pattern.test(message))) {
    return true;
  }
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailableError(inner, depth + 1))) {
    return true;
  }
  return isDatabaseUnavailableError(cause, depth + 1);
}

/** The 503 every request gets while the database is unreachable. */
export function databaseUnavailableError(): AppError {
  return new AppError(
    "unavailable",
    "Ferry cannot reach its database right now. Please try again shortly.",
    undefined,
    {
      "retry-after": String(DATABASE_RETRY_AFTER_SECONDS),
    },
  );
}

function fieldName(instancePath: string, missingProperty: unknown): string {
  const fromPath = instancePath.replace(/^\//, "").replaceAll("/", ".");
  if (typeof missingProperty === "string") {
    return fromPath ? `${fromPath}.${missingProperty}` : missingProperty;
  }
  return fromPath || "body";
}

/**
 * Maps every thrown error to the API's error body. Validation errors come back keyed by field;
 * anything unexpected becomes a 500 whose body says nothing internal and is logged with the request id.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) {
        reply.headers(error.headers);
      }
      const { message, fields } = textsFor(error, request);
      return reply.status(error.status).send({ error: { code: error.code, message, ...(fields ? { fields } : {}) } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath, issue.params?.missingProperty);
        fields[name] ??= issue.message ?? "Invalid value";
      }
      const firstMessage = Object.values(fields)[0] ?? "Invalid request";
      return reply.status(400).send({ error: { code: "validation_failed", message: firstMessage, fields } });
    }
    if (isDatabaseUnavailableError(error)) {
      // Expected during a database restart or failover: a warning, not an error, and a retryable 503.
      request.log.warn({ reason: error.message }, "database unavailable");
      const unavailable = databaseUnavailableError();
      return reply
        .status(unavailable.status)
        .headers(unavailable.headers ?? {})
        .send({ error: { code: unavailable.code, message: unavailable.message } });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own client errors (malformed JSON, body too large): safe to describe.
      const code = status === 429 ? "rate_limited" : "validation_failed";
      return reply.status(status).send({ error: { code, message: error.message } });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ error: { code: "internal", message: "Something went wrong. Please try again." } });
  });
}

/** Ferry's code and message for an error of Node's HTTP parser. */
function clientErrorOf(error: NodeJS.ErrnoException): [ErrorCode, string] {
  if (error.code === "HPE_HEADER_OVERFLOW") {
    return ["headers_too_large", "The request's headers are too large"];
  }
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    return ["request_timeout", "The request was not received in time"];
  }
  return ["validation_failed", "Malformed HTTP request"];
}

/**
 * Node's HTTP parser refused the request before Fastify saw it: header fields over 16 KiB (431), or
 * bytes that are not HTTP (400), or a request that took too long to arrive (408). Answered on the socket in Ferry's error shape, as Fastify's own
 * handler would but with Ferry's codes, then closed; a socket that can no longer be written is dropped.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === "ECONNRESET" || socket.destroyed) {
    return;
  }
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  const [code, message] = clientErrorOf(error);
  const body = JSON.stringify({ error: { code, message } });
  const status = ERROR_STATUS[code];
  // Ended and then destroyed: a client that keeps its half open must not hold the connection.
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}
