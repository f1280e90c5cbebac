import { Exchange, ExchangeQuote, ExchangeQuoteRequest, ExecuteExchangeRequest } from "@ferry/core/contracts/exchange";
import { IdempotencyKeyHeader } from "@ferry/core/contracts/transfers";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { type Guards, viewerOf } from "../../http/guards.ts";
import { errorResponses, SIGNED_IN, SIGNED_IN_ERRORS } from "../../http/openapi.ts";
import { enforceThrottle } from "../../http/throttle.ts";
import type { RateProvider } from "../rates/service.ts";
import { createExchangeQuote, executeExchange } from "./service.ts";

/** Each "Get quote" writes a row: a person needs a few a minute, so this bounds a script, not a customer. */
const QUOTES_PER_WINDOW = 120;
const QUOTE_WINDOW_SECONDS = 15 * 60;

/** What the exchange routes need: the database, the guards, the rate source and the clock quotes expire by. */
interface ExchangeRouteDeps {
  readonly db: Database;
  readonly guards: Guards;
  readonly rateProvider: RateProvider;
  /** The server's one clock: the development clock when it is enabled, so `POST /dev/clock` expires quotes. */
  readonly clock: Clock;
}

/** A customer's exchange between their own balances: a 30-second quote, then its confirmation. */
export function registerExchangeRoutes(app: FastifyInstance, deps: ExchangeRouteDeps) {
  const { db, guards, rateProvider, clock } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    "/api/v1/exchange/quotes",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["exchange"],
        operationId: "quoteExchange",
        security: SIGNED_IN,
        summary: "Lock a rate and fee for 30 seconds: what selling this amount costs and what arrives",
        body: ExchangeQuoteRequest,
        response: {
          201: ExchangeQuote,
          ...errorResponses(
            ...SIGNED_IN_ERRORS,
            "validation_failed",
            "not_found",
            "insufficient_funds",
            "rate_limited",
          ),
        },
      },
    },
    async (request, reply) => {
      const { userId } = viewerOf(request);
      await enforceThrottle(db, [
        { key: `exchange-quote:account:${userId}`, max: QUOTES_PER_WINDOW, windowSeconds: QUOTE_WINDOW_SECONDS },
      ]);
      const quote = await createExchangeQuote(db, { rateProvider, clock }, userId, request.body);
      return reply.status(201).send(quote);
    },
  );

  typed.post(
    "/api/v1/exchange",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["exchange"],
        operationId: "executeExchange",
        security: SIGNED_IN,
        summary:
          "Confirm a quote: move exactly its amounts (idempotent: the same Idempotency-Key returns the first exchange; an expired quote answers 409)",
        headers: IdempotencyKeyHeader,
        body: ExecuteExchangeRequest,
        response: {
          200: Exchange,
          201: Exchange,
          ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed", "not_found", "conflict", "insufficient_funds"),
        },
      },
    },
    async (request, reply) => {
      const { exchange, isReplay } = await executeExchange(
        db,
        clock,
        viewerOf(request).userId,
        request.headers["idempotency-key"],
        request.body,
      );
      return reply.status(isReplay ? 200 : 201).send(exchange);
    },
  );
}
