import { ERROR_STATUS, type ErrorCode } from "@ferry/core/errors";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

/** The one error type of the server: a stable code, a message for people, and optional per-field messages. */
export class AppError extends Error {
  readonly status: number;

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
      return reply.status(error.status).send({
        error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
      });
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
