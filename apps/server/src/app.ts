import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type pg from "pg";
import { type Config, toFastifyTrustProxy } from "./config.ts";
import { type Database, isDatabaseReachable } from "./db/database.ts";
import { AppError, DATABASE_RETRY_AFTER_SECONDS, registerErrorHandler } from "./errors.ts";
import { registerAdminRoutes } from "./modules/admin/routes.ts";
import { type Auth, createAuth } from "./modules/auth/auth.ts";
import { createGuards } from "./modules/auth/guards.ts";
import { registerAuthRoutes } from "./modules/auth/routes.ts";
import { pruneThrottle } from "./modules/auth/throttle.ts";
import { registerBalanceRoutes } from "./modules/balances/routes.ts";
import { loadDepositKeys } from "./modules/deposits/keys.ts";
import { registerDepositRoutes } from "./modules/deposits/routes.ts";
import { registerLedgerAdminRoutes } from "./modules/ledger/routes.ts";
import { registerDevMailRoutes } from "./modules/mail/routes.ts";
import { type MailWorker, startMailWorker } from "./modules/mail/worker.ts";
import { registerNotificationRoutes } from "./modules/notifications/routes.ts";
import { registerPaymentMethodRoutes } from "./modules/payment-methods/routes.ts";
import { registerProfileRoutes } from "./modules/profile/routes.ts";
import { registerRecipientRoutes } from "./modules/recipients/routes.ts";
import { registerTransferRoutes } from "./modules/transfers/routes.ts";

export interface AppDeps {
  readonly config: Config;
  readonly db: Database;
  readonly pool: pg.Pool;
}

export interface FerryApp {
  readonly app: FastifyInstance;
  readonly auth: Auth;
  /** Present when SMTP_URL is set: delivers the outbox. */
  readonly mailWorker: MailWorker | null;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const PERMISSIONS_POLICY =
  "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()";
const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;
/** `/api/health` reports the database unreachable when `SELECT 1` takes longer than this. */
const HEALTH_DATABASE_TIMEOUT_MS = 2_000;

function originOf(value: string | undefined): string | undefined {
  if (!value) {
    return undefined;
  }
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/**
 * The router refuses a malformed percent-escape or an over-long path parameter before any route
 * runs: answer in Ferry's error shape, without echoing the URL back.
 */
function refuseMalformedUrl(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const message = error.code === "FST_ERR_MAX_PARAM_LENGTH" ? "A path parameter is too long" : "Malformed URL";
  reply.status(400).send({ error: { code: "validation_failed", message } });
}

/** Builds the whole server from its modules. Tests build it the same way and drive it with `inject`. */
export async function buildApp(deps: AppDeps): Promise<FerryApp> {
  const { config, db, pool } = deps;
  const app = Fastify({
    logger: { level: config.logLevel, redact: ["req.headers.cookie", "req.headers.authorization"] },
    trustProxy: toFastifyTrustProxy(config.trustProxy),
    genReqId: () => randomUUID(),
    frameworkErrors: refuseMalformedUrl,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest("viewer", null);
  registerErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Toasts and Radix inject style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    hsts: config.isProduction,
  });

  await app.register(swagger, {
    openapi: {
      info: { title: "Ferry API", version: "1.0.0", description: "Ferry's REST API. Amounts are decimal strings." },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });

  // Cookie sessions are protected from cross-site requests by SameSite cookies and this origin check;
  // Better Auth checks the origin on its own endpoints.
  const trustedOrigins = new Set(config.trustedOrigins);
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith("/api/v1/") || !request.headers.cookie) {
      return;
    }
    const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
    if (!origin || !trustedOrigins.has(origin)) {
      throw new AppError("forbidden", "Cross-site request refused");
    }
  });
  app.addHook("onSend", async (_request, reply) => {
    // Ferry's pages need none of these powerful features; refusing them limits what injected script could do.
    reply.header("permissions-policy", PERMISSIONS_POLICY);
    if (!reply.hasHeader("cache-control") && String(reply.getHeader("content-type") ?? "").includes("json")) {
      reply.header("cache-control", "no-store");
    }
  });

  const auth = createAuth(config, db);
  const guards = createGuards(auth);

  // Health is the database's health too: a load balancer must stop sending traffic while it is gone.
  app.get("/api/health", { schema: { hide: true } }, async (_request, reply) => {
    if (await isDatabaseReachable(pool, HEALTH_DATABASE_TIMEOUT_MS)) {
      return { status: "ok", database: "ok" };
    }
    return reply
      .status(503)
      .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
      .send({ status: "unavailable", database: "unreachable" });
  });
  app.get("/api/v1/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  registerAuthRoutes(app, { auth, db, pool, config, guards });
  registerProfileRoutes(app, { db, guards });
  registerBalanceRoutes(app, { db, guards });
  registerRecipientRoutes(app, { db, guards });
  registerPaymentMethodRoutes(app, { db, guards });
  registerNotificationRoutes(app, { db, guards });
  registerDepositRoutes(app, { db, config, guards, keys: await loadDepositKeys(db, config) });
  registerTransferRoutes(app, { db, config, guards });
  registerLedgerAdminRoutes(app, { db, guards });
  registerAdminRoutes(app, { db, guards });
  if (config.isDevMailboxEnabled) {
    registerDevMailRoutes(app, { db });
  }

  const indexHtml = path.join(config.webDistDir, "index.html");
  const hasWebBuild = existsSync(indexHtml);
  if (hasWebBuild) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        reply.header(
          "cache-control",
          filePath.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith("/api/") || request.url.startsWith("/dev/");
    if (!isApi && hasWebBuild && request.method === "GET") {
      // The single-page app owns every other path, including its own not-found page.
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply
      .status(404)
      .send({ error: { code: "not_found", message: `No route for ${request.method} ${request.url}` } });
  });

  const mailWorker = config.smtpUrl
    ? startMailWorker({ pool, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log })
    : null;
  const housekeeping = setInterval(() => {
    pruneThrottle(db).catch((error) => app.log.warn({ err: error }, "housekeeping failed"));
  }, HOUSEKEEPING_INTERVAL_MS);
  housekeeping.unref();
  app.addHook("onClose", async () => {
    clearInterval(housekeeping);
    await mailWorker?.stop();
  });

  return { app, auth, mailWorker };
}
