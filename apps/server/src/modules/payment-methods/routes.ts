import {
  PaymentMethod,
  PaymentMethodIdParams,
  PaymentMethodList,
  PaymentMethodListQuery,
  PaymentMethodRequest,
} from "@ferry/core/contracts/payment-methods";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/database.ts";
import { type Guards, viewerOf } from "../../http/guards.ts";
import { errorResponses, SIGNED_IN, SIGNED_IN_ERRORS } from "../../http/openapi.ts";
import { addPaymentMethod, deletePaymentMethod, listPaymentMethods, updatePaymentMethod } from "./service.ts";

export function registerPaymentMethodRoutes(app: FastifyInstance, deps: { db: Database; guards: Guards }) {
  const { db, guards } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/api/v1/payment-methods",
    {
      preValidation: guards.requireUser,
      schema: {
        tags: ["payment-methods"],
        operationId: "listPaymentMethods",
        security: SIGNED_IN,
        summary: "Your payment methods, newest first",
        querystring: PaymentMethodListQuery,
        response: { 200: PaymentMethodList, ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed") },
      },
    },
    async (request) => listPaymentMethods(db, viewerOf(request).userId, request.query),
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
      reply.status(201).send(await addPaymentMethod(db, viewerOf(request).userId, request.body)),
  );
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
    async (request) => updatePaymentMethod(db, viewerOf(request).userId, request.params.paymentMethodId, request.body),
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
      await deletePaymentMethod(db, viewerOf(request).userId, request.params.paymentMethodId);
      return reply.status(204).send(null);
    },
  );
}
