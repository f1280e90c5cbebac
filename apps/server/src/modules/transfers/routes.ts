import {
  AdminTransferList,
  AdminTransferListQuery,
  CreateTransferBody,
  HistoryFilters,
  HistoryQuery,
  IdempotencyKeyHeader,
  TransactionList,
  Transfer,
  TransferActivity,
  TransferCodeSent,
  TransferDetails,
  TransferIdParams,
  TransferQuote,
  TransferQuoteRequest,
  TransferStatusChange,
  UpdateTransferStatusRequest,
} from "@ferry/core/contracts/transfers";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../errors.ts";
import { acceptsApiScope, type Guards, viewerOf } from "../../http/guards.ts";
import { InFlightLimit } from "../../http/in-flight.ts";
import {
  ADMIN_ERRORS,
  API_SCOPED_ERRORS,
  errorResponses,
  SIGNED_IN,
  SIGNED_IN_ERRORS,
  signedInOrApiScope,
} from "../../http/openapi.ts";
import { enforceThrottle } from "../../http/throttle.ts";
import { auditActorOf } from "../audit/service.ts";
import type { RateProvider } from "../rates/service.ts";
import { cancelTransfer, getTransferActivity } from "./activity.ts";
import { exportStatement, listHistory } from "./history.ts";
import { enforceRecipientLookupLimit } from "./recipient-lookups.ts";
import {
  changeTransferStatus,
  createTransfer,
  getOwnTransfer,
  isTransferRetry,
  listAdminTransfers,
  quoteTransfer,
  requestTransferCode,
} from "./service.ts";

/** An export reads up to `STATEMENT_MAX_ROWS` rows: one at a time per user, and a bounded number per window. */
const CSV_EXPORTS_IN_FLIGHT_PER_USER = 1;
const CSV_EXPORTS_PER_WINDOW = 10;
const CSV_EXPORT_WINDOW_SECONDS = 15 * 60;

/** What the quote and the code request may refuse: both resolve and price the same details. */
const PRICING_ERRORS = errorResponses(
  ...SIGNED_IN_ERRORS,
  "validation_failed",
  "not_found",
  "insufficient_funds",
  "limit_exceeded",
  "rate_limited",
);

/**
 * What the transfer routes need: the database, the settings, the guards that say who may call them,
 * and the business clock transfer codes expire by (the development clock, when it is enabled).
 */
interface TransferRouteDeps {
  readonly db: Database;
  readonly config: Config;
  readonly guards: Guards;
  readonly clock: Clock;
  /** The machine's clock, which codes of an authenticator app are checked by. */
  readonly totpClock: Clock;
  /** The rates a transfer paid from another balance is exchanged at. */
  readonly rateProvider: RateProvider;
}

export function registerTransferRoutes(app: FastifyInstance, deps: TransferRouteDeps) {
  registerPricingRoutes(app, deps);
  registerCreateTransferRoute(app, deps);
  registerOwnTransferRoutes(app, deps);
  registerStatementExport(app, deps);
  registerAdminTransferRoutes(app, deps);
}

/** Send money's first two steps, which price the same details: the quote, then the e-mailed code. */
function registerPricingRoutes(app: FastifyInstance, deps: TransferRouteDeps) {
  const { db, config, guards, clock, rateProvider } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    "/api/v1/transfers/quote",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["transfers"],
        operationId: "quoteTransfer",
        security: SIGNED_IN,
        summary:
          "Fee, total and available balance for a transfer; paid from another balance (`payFrom`), the exchange quote that pays for it, held 30 seconds",
        body: TransferQuoteRequest,
        response: { 200: TransferQuote, ...PRICING_ERRORS },
      },
    },
    async (request) => {
      const userId = viewerOf(request).userId;
      await enforceThrottle(db, [{ key: `transfer-quote:account:${userId}`, max: 120, windowSeconds: 15 * 60 }]);
      // A quote answers whether an e-mail belongs to a Ferry user: distinct look-ups are bounded too.
      await enforceRecipientLookupLimit(db, { userId, ip: request.ip, target: request.body.target });
      return quoteTransfer(db, config, { rateProvider, clock }, userId, request.body);
    },
  );

  typed.post(
    "/api/v1/transfers/verification-code",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["transfers"],
        operationId: "sendTransferCode",
        security: SIGNED_IN,
        summary:
          "E-mail a code bound to this exact recipient, amount and currency, and to the quote's figures when paid from another balance (15 minutes, 5 tries); refused (409) for an account with an authenticator app, whose code confirms instead, and for an expired quote",
        body: TransferDetails,
        response: { 200: TransferCodeSent, ...PRICING_ERRORS, ...errorResponses("conflict") },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      await enforceThrottle(db, [{ key: `transfer-code:account:${viewer.userId}`, max: 10, windowSeconds: 15 * 60 }]);
      await enforceRecipientLookupLimit(db, { userId: viewer.userId, ip: request.ip, target: request.body.target });
      return requestTransferCode(db, config, clock, viewer, request.body);
    },
  );
}

/** Send money's last step: the transfer itself, bound to its code and its Idempotency-Key. */
function registerCreateTransferRoute(app: FastifyInstance, deps: TransferRouteDeps) {
  const { db, config, guards, clock, totpClock } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    "/api/v1/transfers",
    {
      preValidation: guards.requireUser,
      config: acceptsApiScope("transfers:write"),
      schema: {
        tags: ["transfers"],
        operationId: "createTransfer",
        security: signedInOrApiScope("transfers:write"),
        summary:
          "Send money (idempotent: the same Idempotency-Key returns the first transfer). A person sends the transfer code; an app with `transfers:write` sends none, only to Ferry users and recipients a person confirmed, within its daily limit",
        headers: IdempotencyKeyHeader,
        body: CreateTransferBody,
        response: {
          200: Transfer,
          201: Transfer,
          ...errorResponses(
            ...API_SCOPED_ERRORS,
            "validation_failed",
            "not_found",
            "conflict",
            "insufficient_funds",
            "limit_exceeded",
            "invalid_code",
            "code_already_used",
            "rate_limited",
          ),
        },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const idempotencyKey = request.headers["idempotency-key"];
      // A transfer names its Ferry recipient by e-mail too: a refused one (a wrong code, 422, against
      // an unknown e-mail, 404) says whether one exists, so it counts as a look-up. A retry looks nobody
      // up (it is answered from the transfer its key made, or refused as a conflict), so it is never
      // refused for look-ups made since, however long after it comes.
      const lookup = {
        userId: viewer.userId,
        ip: request.ip,
        target: request.body.target,
        isRetry: () => isTransferRetry(db, viewer.userId, idempotencyKey),
      };
      // A person who confirms with an e-mailed code looked the recipient up when asking for it (the
      // code binds that recipient): only a refusal is counted, after it, which spares every transfer
      // made a statement (issue 31). An app, or a person with an authenticator app, asked for no code:
      // their look-up is counted first, as a quote's is.
      const isLookedUpByItsCode = viewer.credential === null && viewer.isAuthenticatorEnrolled === false;
      if (!isLookedUpByItsCode) {
        await enforceRecipientLookupLimit(db, lookup);
      }
      try {
        const { transfer, isReplay } = await createTransfer(
          db,
          config,
          clock,
          viewer,
          idempotencyKey,
          request.body,
          totpClock,
        );
        return reply.status(isReplay ? 200 : 201).send(transfer);
      } catch (error) {
        if (isLookedUpByItsCode && error instanceof AppError) {
          // Beyond the limit the refusal is a 429, which says nothing of the recipient.
          await enforceRecipientLookupLimit(db, lookup);
        }
        throw error;
      }
    },
  );
}

/** A customer's own transfers and history. */
function registerOwnTransferRoutes(app: FastifyInstance, deps: TransferRouteDeps) {
  const { db, guards, config, clock } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    "/api/v1/transfers/:transferId/activity",
    {
      preValidation: guards.requireUser,
      config: acceptsApiScope("transactions:read"),
      schema: {
        tags: ["transfers"],
        operationId: "getTransferActivity",
        security: signedInOrApiScope("transactions:read"),
        summary:
          "One of your transfers' destination, the steps of its life with their times, and until when you may cancel it",
        params: TransferIdParams,
        response: {
          200: TransferActivity,
          ...errorResponses(...API_SCOPED_ERRORS, "validation_failed", "not_found"),
        },
      },
    },
    async (request) =>
      getTransferActivity(db, config, clock.now(), viewerOf(request).userId, request.params.transferId),
  );

  typed.post(
    "/api/v1/transfers/:transferId/cancel",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["transfers"],
        operationId: "cancelTransfer",
        security: SIGNED_IN,
        summary:
          "Cancel one of your transfers while it is pending and within TRANSFER_CANCEL_MINUTES (30) of sending it: the reserved money returns to your balance (idempotent: cancelling it again answers the same; audited, notified)",
        headers: IdempotencyKeyHeader,
        params: TransferIdParams,
        response: {
          200: TransferActivity,
          ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed", "not_found", "conflict"),
        },
      },
    },
    async (request) => cancelTransfer(db, config, clock.now(), auditActorOf(request), request.params.transferId),
  );

  typed.get(
    "/api/v1/transfers/:transferId",
    {
      preValidation: guards.requireUser,
      config: acceptsApiScope("transactions:read"),
      schema: {
        tags: ["transfers"],
        operationId: "getTransfer",
        security: signedInOrApiScope("transactions:read"),
        summary: "One of your transfers",
        params: TransferIdParams,
        response: { 200: Transfer, ...errorResponses(...API_SCOPED_ERRORS, "validation_failed", "not_found") },
      },
    },
    async (request) => getOwnTransfer(db, viewerOf(request).userId, request.params.transferId),
  );

  typed.get(
    "/api/v1/transactions",
    {
      preValidation: guards.requireUser,
      config: acceptsApiScope("transactions:read"),
      schema: {
        tags: ["transfers"],
        operationId: "listTransactions",
        security: signedInOrApiScope("transactions:read"),
        summary:
          "Your history, newest first; narrowed by search (counterparty, memo, id), currency, type, status and a range of days in your time zone, with the totals of what matches on the first page",
        querystring: HistoryQuery,
        response: { 200: TransactionList, ...errorResponses(...API_SCOPED_ERRORS, "validation_failed") },
      },
    },
    async (request) => listHistory(db, viewerOf(request).userId, request.query),
  );
}

/** A customer's statement as CSV: bounded in size, one at a time per user, and a few per window. */
function registerStatementExport(app: FastifyInstance, deps: TransferRouteDeps) {
  const { db, guards } = deps;
  const exportsInFlight = new InFlightLimit(
    CSV_EXPORTS_IN_FLIGHT_PER_USER,
    "Your statement is already being prepared. Please wait for it to finish.",
  );

  app.get(
    "/api/v1/transactions/export.csv",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["transfers"],
        operationId: "exportStatement",
        security: SIGNED_IN,
        summary:
          "Your statement as CSV, narrowed by the same query parameters as GET /api/v1/transactions (search, currency, type, status, from, to)",
        response: {
          200: { description: "The statement, one row per entry", content: { "text/csv": { schema: z.string() } } },
          ...errorResponses(...SIGNED_IN_ERRORS, "rate_limited", "validation_failed"),
        },
      },
    },
    async (request, reply) => {
      const { userId } = viewerOf(request);
      await enforceThrottle(db, [
        { key: `export:account:${userId}`, max: CSV_EXPORTS_PER_WINDOW, windowSeconds: CSV_EXPORT_WINDOW_SECONDS },
      ]);
      // Read here, not by a route schema: @fastify/swagger cannot document a query string beside a CSV answer.
      const filters = HistoryFilters.safeParse(request.query ?? {});
      if (!filters.success) {
        const [issue] = filters.error.issues;
        throw new AppError("validation_failed", issue.message, { [issue.path.join(".")]: issue.message });
      }
      const csv = await exportsInFlight.run(userId, () => exportStatement(db, userId, filters.data));
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="ferry-statement.csv"')
        .header("cache-control", "no-store")
        .send(csv);
    },
  );
}

/** The admin's list of every transfer, and status changes (which the ledger follows). */
function registerAdminTransferRoutes(app: FastifyInstance, deps: TransferRouteDeps) {
  const { db, config, guards } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    "/api/v1/admin/transactions",
    {
      preValidation: guards.requireAdmin,
      schema: {
        tags: ["admin"],
        operationId: "listAllTransfers",
        security: SIGNED_IN,
        summary: "Every transfer, newest first, with search and status filter",
        querystring: AdminTransferListQuery,
        response: { 200: AdminTransferList, ...errorResponses(...ADMIN_ERRORS, "validation_failed") },
      },
    },
    async (request) => listAdminTransfers(db, request.query),
  );

  typed.patch(
    "/api/v1/admin/transactions/:transferId/status",
    {
      preValidation: guards.requireAdmin,
      schema: {
        tags: ["admin"],
        operationId: "setTransferStatus",
        security: SIGNED_IN,
        summary: "Set a transfer's status; the ledger follows (idempotent, audited)",
        params: TransferIdParams,
        body: UpdateTransferStatusRequest,
        response: {
          200: TransferStatusChange,
          ...errorResponses(...ADMIN_ERRORS, "validation_failed", "not_found", "conflict", "insufficient_funds"),
        },
      },
    },
    async (request) => {
      const { isChanged } = await changeTransferStatus(
        db,
        config,
        auditActorOf(request),
        request.params.transferId,
        request.body.status,
      );
      return { status: request.body.status, isChanged };
    },
  );
}
