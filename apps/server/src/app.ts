import { randomUUID } from "node:crypto";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type pg from "pg";
import { type Clock, OffsetClock, systemClock } from "./clock.ts";
import { type Config, toFastifyTrustProxy } from "./config.ts";
import type { Database } from "./db/database.ts";
import { answerClientError, registerErrorHandler } from "./errors.ts";
import { pruneThrottle } from "./http/throttle.ts";
import { readerFor } from "./i18n/translator.ts";
import { dailyReturnsJob } from "./jobs/daily-returns.ts";
import { housekeepingJob } from "./jobs/housekeeping.ts";
import { mailDeliveryJob, mailDeliveryQueue } from "./jobs/mail-delivery.ts";
import type { JobDefinition, JobRunner } from "./jobs/runner.ts";
import { smsDeliveryJob, smsDeliveryQueue } from "./jobs/sms-delivery.ts";
import { webhookDeliveryJob, webhookDeliveryQueue } from "./jobs/webhook-delivery.ts";
import { registerAdminRoutes } from "./modules/admin/routes.ts";
import { registerAlertRoutes } from "./modules/alerts/routes.ts";
import { registerApiKeyRoutes } from "./modules/api-keys/routes.ts";
import { registerAuditRoutes } from "./modules/audit/routes.ts";
import type { Auth } from "./modules/auth/auth.ts";
import { registerAuthRoutes } from "./modules/auth/routes.ts";
import { registerBalanceRoutes, registerBalanceTotalRoute } from "./modules/balances/routes.ts";
import { loadDepositKeys } from "./modules/deposits/keys.ts";
import { registerDepositRoutes } from "./modules/deposits/routes.ts";
import { registerDestinationRoutes } from "./modules/destinations/routes.ts";
import { registerExchangeRoutes } from "./modules/exchange/routes.ts";
import { registerFeeRoutes } from "./modules/fees/routes.ts";
import { registerHelpRoutes } from "./modules/help/routes.ts";
import { pruneStaleUploads } from "./modules/help/service.ts";
import { registerInvestmentRoutes } from "./modules/investments/routes.ts";
import type { InvestmentSettings } from "./modules/investments/service.ts";
import { registerKycRoutes } from "./modules/kyc/routes.ts";
import { pruneKycDocuments } from "./modules/kyc/service.ts";
import { registerLedgerAdminRoutes } from "./modules/ledger/routes.ts";
import { registerLiveUpdates } from "./modules/live/routes.ts";
import { pruneLiveEvents } from "./modules/live/service.ts";
import { createMailSender, withMailDelivery } from "./modules/mail/delivery.ts";
import { registerDevMailRoutes } from "./modules/mail/routes.ts";
import { registerNotificationRoutes } from "./modules/notifications/routes.ts";
import { registerPasskeyRoutes } from "./modules/passkeys/routes.ts";
import { registerProfileRoutes } from "./modules/profile/routes.ts";
import { registerRateRoutes } from "./modules/rates/routes.ts";
import { tableRateProvider } from "./modules/rates/service.ts";
import { registerSessionRoutes } from "./modules/sessions/routes.ts";
import { admitSessionRequest } from "./modules/sessions/service.ts";
import { registerSettingsRoutes } from "./modules/settings/routes.ts";
import { preferencesOf } from "./modules/settings/service.ts";
import { createSmsSender, withSmsChannel } from "./modules/sms/delivery.ts";
import { registerDevSmsRoutes } from "./modules/sms/routes.ts";
import { registerSupportRoutes } from "./modules/support/routes.ts";
import { registerTransferRoutes } from "./modules/transfers/routes.ts";
import { registerWebhookRoutes } from "./modules/webhooks/routes.ts";
import { type WebhookSettings, withWebhookDelivery } from "./modules/webhooks/service.ts";
import { webhookSecretKeyOf } from "./modules/webhooks/signing.ts";
import { OneLinePerRequest } from "./observability/request-log.ts";
import authPlugin from "./plugins/app/auth.ts";
import devClockPlugin, { type DevClockOffsetStore, devClockOffsetStore } from "./plugins/app/dev-clock.ts";
import guardsPlugin from "./plugins/app/guards.ts";
import healthPlugin from "./plugins/app/health.ts";
import jobsPlugin from "./plugins/app/jobs.ts";
import metricsPlugin from "./plugins/app/metrics.ts";
import routeMethodsPlugin from "./plugins/app/route-methods.ts";
import shutdownPlugin from "./plugins/app/shutdown.ts";
import webAppPlugin from "./plugins/app/web-app.ts";
import compressionPlugin from "./plugins/external/compression.ts";
import originCheckPlugin from "./plugins/external/origin-check.ts";
import securityHeadersPlugin from "./plugins/external/security-headers.ts";
import swaggerPlugin from "./plugins/external/swagger.ts";
import { encryptedStorage } from "./storage/encrypted-storage.ts";
import { type FileStorage, localDirectoryStorage } from "./storage/file-storage.ts";

export interface AppDeps {
  readonly config: Config;
  readonly db: Database;
  readonly pool: pg.Pool;
  /** Where the log's lines go; standard output by default. The benchmark sends them to /dev/null. */
  readonly logDestination?: { write(line: string): void };
  /** The business clock (which UTC day is finished); the machine's by default. Tests pass their own. */
  readonly clock?: Clock;
  /**
   * The clock authenticator-app codes are checked by (decision 036); the machine's by default. Not the
   * business clock: the apps read real time, whatever `POST /dev/clock` did. Tests pass RFC 6238's times.
   */
  readonly totpClock?: Clock;
  /**
   * The clock idle sessions are measured by (decision 038); the machine's by default. Not the business
   * clock: moving business days (`POST /dev/clock`, tests) must not sign everyone out.
   */
  readonly sessionClock?: Clock;
  /**
   * Outside production: keep the development clock's offset in the database, so `POST /dev/clock`
   * survives a restart (main.ts). Off by default, so test apps sharing one database do not move
   * each other's business days.
   */
  readonly keepsDevClockOffset?: boolean;
}

export interface FerryApp {
  readonly app: FastifyInstance;
  readonly auth: Auth;
  /** The database the modules use: with SMTP_URL set, mail queued in its transactions is delivered. */
  readonly db: Database;
  /** The job runner (pg-boss): `runNow` and `drain` run jobs here without waiting for a worker. */
  readonly jobs: JobRunner;
  /** The business clock the modules read (the development clock, when enabled). */
  readonly clock: Clock;
}

/** The most closing the app waits for requests still being answered (decision 057). */
const SHUTDOWN_DRAIN_TIMEOUT_MS = 10_000;

/**
 * The router refuses a malformed percent-escape or an over-long path parameter before any route
 * runs: answer in Ferry's error shape, without echoing the URL back.
 */
function refuseMalformedUrl(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const message = error.code === "FST_ERR_MAX_PARAM_LENGTH" ? "A path parameter is too long" : "Malformed URL";
  reply.status(400).send({ error: { code: "validation_failed", message } });
}

/** The business clock: outside production one the development clock can move, restored before any job reads it. */
async function createBusinessClock(
  deps: AppDeps,
): Promise<{ clock: Clock; devClock: OffsetClock | null; devClockStore: DevClockOffsetStore | null }> {
  const baseClock = deps.clock ?? systemClock;
  const devClock = deps.config.isDevClockEnabled ? new OffsetClock(baseClock) : null;
  const devClockStore = devClock && deps.keepsDevClockOffset ? devClockOffsetStore(deps.db) : null;
  if (devClock && devClockStore) {
    // Before the jobs start: their catch-up run must see the days the clock was already moved.
    devClock.restoreOffsetDays(await devClockStore.read());
  }
  return { clock: devClock ?? baseClock, devClock, devClockStore };
}

/**
 * Fastify itself: logger, proxy trust, request ids, limits, zod and the one error handler. Each answered
 * request is logged once, at info, when it ends (observability/request-log.ts), instead of Fastify's two
 * lines (one when it arrives, one when it ends): half the log's cost on every request (issue 31).
 */
function createFastify(config: Config, logDestination: AppDeps["logDestination"]): FastifyInstance {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ["req.headers.cookie", "req.headers.authorization"],
      ...(logDestination ? { stream: logDestination } : {}),
    },
    logController: new OneLinePerRequest(),
    trustProxy: toFastifyTrustProxy(config.trustProxy),
    genReqId: () => randomUUID(),
    // A request must arrive whole within 2 minutes (a 5 MB upload at 1 Mbit/s takes ~42 s). Fastify's
    // default is no limit, so an upload stalled before its end would hold its memory for ever.
    requestTimeout: 120_000,
    // Starting reads the web build's pre-rendered pages (plugins/app/web-app.ts); on a busy machine (the
    // test projects side by side) that once took more than Fastify's default of 10 s per plugin.
    pluginTimeout: 60_000,
    frameworkErrors: refuseMalformedUrl,
    clientErrorHandler: answerClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  return app;
}

interface ModuleDeps {
  readonly config: Config;
  readonly db: Database;
  readonly pool: pg.Pool;
  readonly storage: FileStorage;
  /** The same storage, encrypting with KYC_ENCRYPTION_KEY: identity documents' only way in and out. */
  readonly kycStorage: FileStorage;
  readonly investmentSettings: InvestmentSettings;
  readonly totpClock: Clock;
  readonly sessionClock: Clock;
  readonly webhookSettings: WebhookSettings;
}

/** Every module's routes, each handed the dependencies it needs; the app plugins are registered before. */
async function registerModuleRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { config, db, pool, storage, kycStorage, investmentSettings, sessionClock } = deps;
  const { auth, guards } = app;
  registerAuthRoutes(app, { auth, db, pool, config, guards, totpClock: deps.totpClock });
  registerProfileRoutes(app, { db, guards });
  registerSessionRoutes(app, { db, guards, clock: sessionClock });
  registerPasskeyRoutes(app, { auth, db, config, guards });
  registerSettingsRoutes(app, { db, guards });
  registerBalanceRoutes(app, { db, guards });
  registerDestinationRoutes(app, { db, config, guards });
  registerNotificationRoutes(app, { db, guards });
  registerLiveUpdates(app, {
    db,
    pool,
    guards,
    isSessionAlive: async (session) =>
      (await admitSessionRequest(db, sessionClock, { ...session, isBackground: true })).isAlive,
    onCount: (count) => app.metrics.setOpenStreams(count),
  });
  registerAlertRoutes(app, { db, guards });
  registerDepositRoutes(app, { db, config, guards, keys: await loadDepositKeys(db, config) });
  registerTransferRoutes(app, {
    db,
    config,
    guards,
    clock: investmentSettings.clock,
    totpClock: deps.totpClock,
    rateProvider: tableRateProvider,
  });
  registerApiKeyRoutes(app, { db, config, guards, clock: investmentSettings.clock, totpClock: deps.totpClock });
  registerLedgerAdminRoutes(app, { db, guards });
  registerAdminRoutes(app, { db, guards, clock: investmentSettings.clock, kycStorage });
  const readerOf = async (userId: string) => {
    const { language, timeZone } = await preferencesOf(db, userId);
    return readerFor(language, timeZone);
  };
  registerAuditRoutes(app, { db, guards, readerOf });
  registerHelpRoutes(app, { db, guards, storage, publicUrl: config.publicUrl, clock: investmentSettings.clock });
  registerInvestmentRoutes(app, { db, guards, settings: investmentSettings });
  registerKycRoutes(app, { db, guards, storage: kycStorage, config });
  // The one rate source of quotes, the rates page and the admin's table; a live feed would replace it here.
  const rateProvider = tableRateProvider;
  registerRateRoutes(app, { db, guards, rateProvider, clock: investmentSettings.clock });
  registerExchangeRoutes(app, { db, guards, rateProvider, clock: investmentSettings.clock });
  registerBalanceTotalRoute(app, { db, guards, rateProvider });
  registerFeeRoutes(app, { config });
  registerWebhookRoutes(app, { db, guards, settings: deps.webhookSettings });
  registerSupportRoutes(app, { db, guards, supportEmail: config.supportEmail, clock: investmentSettings.clock });
  if (config.isDevMailboxEnabled) {
    registerDevMailRoutes(app, { db });
  }
  if (config.isDevSmsOutboxEnabled) {
    registerDevSmsRoutes(app, { db });
  }
}

/**
 * The senders of mail (SMTP_URL) and text messages (SMS_URL), their delivery jobs, and the database
 * the modules use, carrying where each kind of message goes: with SMTP, every transaction begun from
 * it queues its mail's delivery job in itself; with an SMS provider, likewise its text messages'.
 * Without a provider, text messages go to the development outbox outside production, and nowhere in it.
 */
function createSenders(deps: AppDeps, app: FastifyInstance) {
  const { config } = deps;
  const mailSender = config.smtpUrl
    ? createMailSender({ db: deps.db, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log })
    : null;
  const smsSender = config.smsUrl ? createSmsSender({ db: deps.db, smsUrl: config.smsUrl, log: app.log }) : null;
  const mailQueue = mailDeliveryQueue(() => app.jobs);
  let db = mailSender ? withMailDelivery(deps.db, mailQueue) : deps.db;
  if (smsSender) {
    db = withSmsChannel(db, { kind: "provider", queue: smsDeliveryQueue(() => app.jobs) });
  } else if (config.isDevSmsOutboxEnabled) {
    db = withSmsChannel(db, { kind: "development-outbox" });
  }
  const isSending = mailSender !== null || smsSender !== null;
  if (config.areJobsEnabled || isSending) {
    // Where the runner is started, an event's transaction queues its delivery run: sent at once.
    db = withWebhookDelivery(
      db,
      webhookDeliveryQueue(() => app.jobs),
    );
  }
  const jobs: JobDefinition[] = [
    ...(mailSender ? [mailDeliveryJob(mailSender)] : []),
    ...(smsSender ? [smsDeliveryJob(smsSender)] : []),
  ];
  return { db, mailSender, jobs, isSending };
}

/**
 * Builds the whole server, in layers (docs/decisions/012-plugin-layout.md): external plugins (headers,
 * OpenAPI, origin check) → app plugins (auth, guards, health) → each module's routes → the web app and
 * the not-found answer → background work (pg-boss: mail delivery, daily returns, housekeeping), started
 * last so that a start which fails earlier leaves nothing running. Tests build it the same way and drive it with `inject`.
 */
export async function buildApp(deps: AppDeps): Promise<FerryApp> {
  const { config, pool } = deps;
  // Outside production the clock can be moved forward (POST /dev/clock); in production it is the given one.
  const { clock, devClock, devClockStore } = await createBusinessClock(deps);
  const investmentSettings = { clock, dailyRate: config.investDailyRate };
  const app = createFastify(config, deps.logDestination);
  const senders = createSenders(deps, app);
  const { db, mailSender } = senders;
  // First, so that its onRoute hook sees every route, the OpenAPI pages' included.
  await app.register(routeMethodsPlugin);

  await app.register(securityHeadersPlugin, { isHstsEnabled: config.isProduction });
  await app.register(compressionPlugin);
  await app.register(swaggerPlugin, { publicUrl: config.publicUrl });
  await app.register(originCheckPlugin, { trustedOrigins: config.trustedOrigins });

  await app.register(authPlugin, { config, db });
  const sessionClock = deps.sessionClock ?? systemClock;
  await app.register(guardsPlugin, { db, sessionClock, authSecret: config.authSecret });
  await app.register(healthPlugin, { pool });
  await app.register(metricsPlugin, { pool, db, access: config.metricsAccess });

  // One file storage for every module that keeps files: help attachments, and KYC documents encrypted.
  const storage = localDirectoryStorage(config.fileStorageDir);
  const kycStorage = encryptedStorage(storage, config.kycEncryptionKey);
  const totpClock = deps.totpClock ?? systemClock;
  const webhookSettings = {
    secretKey: webhookSecretKeyOf(config.authSecret),
    isProduction: config.isProduction,
    timeoutMs: config.webhookTimeoutMs,
  };
  await registerModuleRoutes(app, {
    webhookSettings,
    config,
    db,
    pool,
    storage,
    kycStorage,
    investmentSettings,
    sessionClock,
    totpClock,
  });

  await app.register(webAppPlugin, { webDistDir: config.webDistDir, publicUrl: config.publicUrl });

  await app.register(jobsPlugin, {
    pool,
    jobs: [
      dailyReturnsJob(db, investmentSettings),
      housekeepingJob([
        () => pruneThrottle(db),
        () => pruneLiveEvents(db),
        () => pruneStaleUploads(db, storage),
        () => pruneKycDocuments(db, kycStorage, { retentionDays: config.kycRetentionDays, clock }),
      ]),
      webhookDeliveryJob(db, webhookSettings, app.log),
      ...senders.jobs,
    ],
    isEnabled: config.areJobsEnabled,
    isSending: senders.isSending,
    onStopped: () => mailSender?.close(),
  });
  // After the job runner: `onClose` hooks run last-registered first, so closing waits for the requests
  // being answered (transfers in a batch among them) before the runner their transactions queue jobs on stops.
  await app.register(shutdownPlugin, { drainTimeoutMs: SHUTDOWN_DRAIN_TIMEOUT_MS });
  if (devClock) {
    await app.register(devClockPlugin, { clock: devClock, store: devClockStore });
  }

  return { app, auth: app.auth, db, jobs: app.jobs, clock };
}
