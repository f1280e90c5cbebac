import {
  PaymentMethod,
  PaymentMethodIdParams,
  PaymentMethodList,
  PaymentMethodListQuery,
  PaymentMethodRequest,
} from "@ferry/core/contracts/payment-methods";
import { Recipient, RecipientIdParams, RecipientList, RecipientListQuery } from "@ferry/core/contracts/recipients";
import { NewRecipientRequest } from "@ferry/core/validation/recipient";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { acceptsApiScope, type Guards, viewerOf } from "../../http/guards.ts";
import {
  API_SCOPED_ERRORS,
  errorResponses,
  SIGNED_IN,
  SIGNED_IN_ERRORS,
  signedInOrApiScope,
} from "../../http/openapi.ts";
import {
  addPaymentMethod,
  deletePaymentMethod,
  deleteRecipient,
  listPaymentMethods,
  listRecipients,
  saveRecipient,
  updatePaymentMethod,
  updateRecipient,
} from "./service.ts";

/** What the saved-destination routes need: the database, the settings and the guards. */
interface DestinationRouteDeps {
  readonly db: Database;
  readonly config: Config;
  readonly guards: Guards;
}

/** Saved destinations: Send Money's recipients and the cash-out payment methods. */
export function registerDestinationRoutes(app: FastifyInstance, deps: DestinationRouteDeps) {
  registerRecipientRoutes(app, deps);
  registerRecipientEditRoutes(app, deps);
  registerPaymentMethodRoutes(app, deps);
  registerPaymentMethodEditRoutes(app, deps);
}

/** Listing and saving Send Money recipients. */
function registerRecipientRoutes(app: FastifyInstance, deps: DestinationRouteDeps) {
  const { db, config, guards } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/api/v1/recipients",
    {
      preValidation: guards.requireUser,
      config: acceptsApiScope("recipients:read"),
      schema: {
        tags: ["recipients"],
        operationId: "listRecipients",
        security: signedInOrApiScope("recipients:read"),
        summary: "Your saved recipients of a type, newest first",
        querystring: RecipientListQuery,
        response: { 200: RecipientList, ...errorResponses(...API_SCOPED_ERRORS, "validation_failed") },
      },
    },
    async (request) => listRecipients(db, config, viewerOf(request).userId, request.query),
  );
  typed.post(
    "/api/v1/recipients",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["recipients"],
        operationId: "createRecipient",
        security: SIGNED_IN,
        summary: "Save a bank or crypto recipient",
        body: NewRecipientRequest,
        response: { 201: Recipient, ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed", "conflict") },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await saveRecipient(db, config, viewerOf(request).userId, request.body)),
  );
}

/** Editing and deleting a saved recipient of one's own. */
function registerRecipientEditRoutes(app: FastifyInstance, deps: DestinationRouteDeps) {
  const { db, config, guards } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.put(
    "/api/v1/recipients/:recipientId",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["recipients"],
        operationId: "updateRecipient",
        security: SIGNED_IN,
        summary: "Edit a saved recipient (its type stays); expires the codes issued for it",
        params: RecipientIdParams,
        body: NewRecipientRequest,
        response: { 200: Recipient, ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed", "not_found") },
      },
    },
    async (request) => {
      const owner = { userId: viewerOf(request).userId, id: request.params.recipientId };
      return updateRecipient(db, config, owner, request.body);
    },
  );
  typed.delete(
    "/api/v1/recipients/:recipientId",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["recipients"],
        operationId: "deleteRecipient",
        security: SIGNED_IN,
        summary: "Delete a saved recipient; past transfers to it stay in the history",
        params: RecipientIdParams,
        response: { 204: z.null(), ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed", "not_found") },
      },
    },
    async (request, reply) => {
      await deleteRecipient(db, { userId: viewerOf(request).userId, id: request.params.recipientId });
      return reply.status(204).send(null);
    },
  );
}

/** Listing and adding cash-out payment methods. */
function registerPaymentMethodRoutes(app: FastifyInstance, deps: DestinationRouteDeps) {
  const { db, config, guards } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/api/v1/payment-methods",
    {
      preValidation: guards.requireUser,
      config: acceptsApiScope("recipients:read"),
      schema: {
        tags: ["payment-methods"],
        operationId: "listPaymentMethods",
        security: signedInOrApiScope("recipients:read"),
        summary: "Your payment methods, newest first",
        querystring: PaymentMethodListQuery,
        response: { 200: PaymentMethodList, ...errorResponses(...API_SCOPED_ERRORS, "validation_failed") },
      },
    },
    async (request) => listPaymentMethods(db, config, viewerOf(request).userId, request.query),
  );
  typed.post(
    "/api/v1/payment-methods",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["payment-methods"],
        operationId: "createPaymentMethod",
        security: SIGNED_IN,
        summary: "Add a bank or crypto payment method",
        body: PaymentMethodRequest,
        response: { 201: PaymentMethod, ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed", "conflict") },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addPaymentMethod(db, config, viewerOf(request).userId, request.body)),
  );
}

/** Editing and deleting a payment method of one's own. */
function registerPaymentMethodEditRoutes(app: FastifyInstance, deps: DestinationRouteDeps) {
  const { db, config, guards } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.put(
    "/api/v1/payment-methods/:paymentMethodId",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["payment-methods"],
        operationId: "updatePaymentMethod",
        security: SIGNED_IN,
        summary: "Edit a payment method",
        params: PaymentMethodIdParams,
        body: PaymentMethodRequest,
        response: {
          200: PaymentMethod,
          ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed", "not_found", "conflict"),
        },
      },
    },
    async (request) => {
      const owner = { userId: viewerOf(request).userId, id: request.params.paymentMethodId };
      return updatePaymentMethod(db, config, owner, request.body);
    },
  );
  typed.delete(
    "/api/v1/payment-methods/:paymentMethodId",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["payment-methods"],
        operationId: "deletePaymentMethod",
        security: SIGNED_IN,
        summary: "Delete a payment method",
        params: PaymentMethodIdParams,
        response: { 204: z.null(), ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed", "not_found") },
      },
    },
    async (request, reply) => {
      await deletePaymentMethod(db, { userId: viewerOf(request).userId, id: request.params.paymentMethodId });
      return reply.status(204).send(null);
    },
  );
}
