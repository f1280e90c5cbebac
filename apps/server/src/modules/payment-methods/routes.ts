import {
  PaymentMethod,
  PaymentMethodIdParams,
  PaymentMethodList,
  PaymentMethodListQuery,
  PaymentMethodRequest,
} from "@ferry/core/contracts/payment-methods";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "../../db/database.ts";
import { type Guards, viewerOf } from "../../http/guards.ts";
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
        summary: "Your payment methods, newest first",
        querystring: PaymentMethodListQuery,
        response: { 200: PaymentMethodList },
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
        summary: "Add a bank or crypto payment method",
        body: PaymentMethodRequest,
        response: { 201: PaymentMethod },
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
        summary: "Edit a payment method",
        params: PaymentMethodIdParams,
        body: PaymentMethodRequest,
        response: { 200: PaymentMethod },
      },
    },
    async (request) => updatePaymentMethod(db, viewerOf(request).userId, request.params.paymentMethodId, request.body),
  );
  typed.delete(
    "/api/v1/payment-methods/:paymentMethodId",
    {
      preValidation: guards.requireUser,
      schema: { tags: ["payment-methods"], summary: "Delete a payment method", params: PaymentMethodIdParams },
    },
    async (request, reply) => {
      await deletePaymentMethod(db, viewerOf(request).userId, request.params.paymentMethodId);
      return reply.status(204).send();
    },
  );
}
