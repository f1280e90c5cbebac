import {
  CreateWebhookEndpointRequest,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookDeliveryListQuery,
  WebhookDeliveryParams,
  WebhookEndpointIdParams,
  WebhookEndpointList,
  WebhookEndpointListQuery,
  WebhookEndpointWithSecret,
} from "@ferry/core/contracts/connect";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/database.ts";
import { acceptsApiScope, type Guards, viewerOf } from "../../http/guards.ts";
import { API_SCOPED_ERRORS, errorResponses, signedInOrApiScope } from "../../http/openapi.ts";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  type EndpointOwner,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  rotateWebhookEndpointSecret,
  type WebhookSettings,
} from "./service.ts";

/** Signed in, or an API credential with `webhooks:write`, which sees only its own app's endpoints. */
const WEBHOOKS_SCOPE = acceptsApiScope("webhooks:write");
const WEBHOOK_ERRORS = [...API_SCOPED_ERRORS, "validation_failed"] as const;
const SECURITY = signedInOrApiScope("webhooks:write");

function ownerOf(request: FastifyRequest): EndpointOwner {
  const viewer = viewerOf(request);
  return { userId: viewer.userId, credentialId: viewer.credential?.id ?? null };
}

function contextOf(request: FastifyRequest) {
  return { owner: ownerOf(request), actor: { userId: viewerOf(request).userId, clientAddress: request.ip } };
}

/** A connected app's webhook endpoints and their delivery logs under /api/v1/webhook-endpoints. */
export function registerWebhookRoutes(
  app: FastifyInstance,
  deps: { db: Database; guards: Guards; settings: WebhookSettings },
) {
  const { db, guards, settings } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const common = { preValidation: guards.requireUser, config: WEBHOOKS_SCOPE };
  typed.get(
    "/api/v1/webhook-endpoints",
    {
      ...common,
      schema: {
        tags: ["webhooks"],
        operationId: "listWebhookEndpoints",
        security: SECURITY,
        summary: "Your apps' webhook endpoints, newest first (an app's credential sees its own)",
        querystring: WebhookEndpointListQuery,
        response: { 200: WebhookEndpointList, ...errorResponses(...WEBHOOK_ERRORS) },
      },
    },
    async (request) => listWebhookEndpoints(db, ownerOf(request), request.query),
  );
  typed.post(
    "/api/v1/webhook-endpoints",
    {
      ...common,
      schema: {
        tags: ["webhooks"],
        operationId: "createWebhookEndpoint",
        security: SECURITY,
        summary: "Add a webhook endpoint to an app; its whsec_ signing secret is shown this once",
        body: CreateWebhookEndpointRequest,
        response: {
          201: WebhookEndpointWithSecret,
          ...errorResponses(...WEBHOOK_ERRORS, "not_found", "conflict"),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createWebhookEndpoint(db, settings, contextOf(request), request.body)),
  );
  typed.delete(
    "/api/v1/webhook-endpoints/:endpointId",
    {
      ...common,
      schema: {
        tags: ["webhooks"],
        operationId: "deleteWebhookEndpoint",
        security: SECURITY,
        summary: "Remove a webhook endpoint and its delivery log",
        params: WebhookEndpointIdParams,
        response: { 204: z.null(), ...errorResponses(...WEBHOOK_ERRORS, "not_found") },
      },
    },
    async (request, reply) => {
      await deleteWebhookEndpoint(db, contextOf(request), request.params.endpointId);
      return reply.status(204).send(null);
    },
  );
  registerSecretAndDeliveryRoutes(app, deps);
}

function registerSecretAndDeliveryRoutes(
  app: FastifyInstance,
  deps: { db: Database; guards: Guards; settings: WebhookSettings },
) {
  const { db, guards, settings } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const common = { preValidation: guards.requireUser, config: WEBHOOKS_SCOPE };
  typed.post(
    "/api/v1/webhook-endpoints/:endpointId/rotate-secret",
    {
      ...common,
      schema: {
        tags: ["webhooks"],
        operationId: "rotateWebhookEndpointSecret",
        security: SECURITY,
        summary: "A new signing secret, shown this once; the old one keeps signing beside it for 24 hours",
        params: WebhookEndpointIdParams,
        response: { 200: WebhookEndpointWithSecret, ...errorResponses(...WEBHOOK_ERRORS, "not_found") },
      },
    },
    async (request) => rotateWebhookEndpointSecret(db, settings, contextOf(request), request.params.endpointId),
  );
  typed.get(
    "/api/v1/webhook-endpoints/:endpointId/deliveries",
    {
      ...common,
      schema: {
        tags: ["webhooks"],
        operationId: "listWebhookDeliveries",
        security: SECURITY,
        summary: "An endpoint's delivery log, newest first: status, attempts, response code and duration",
        params: WebhookEndpointIdParams,
        querystring: WebhookDeliveryListQuery,
        response: { 200: WebhookDeliveryList, ...errorResponses(...WEBHOOK_ERRORS, "not_found") },
      },
    },
    async (request) => listWebhookDeliveries(db, ownerOf(request), request.params.endpointId, request.query),
  );
  typed.post(
    "/api/v1/webhook-endpoints/:endpointId/deliveries/:deliveryId/resend",
    {
      ...common,
      schema: {
        tags: ["webhooks"],
        operationId: "resendWebhookDelivery",
        security: SECURITY,
        summary: "Send one delivery again, with the same webhook-id",
        params: WebhookDeliveryParams,
        response: { 202: WebhookDelivery, ...errorResponses(...WEBHOOK_ERRORS, "not_found") },
      },
    },
    async (request, reply) => reply.status(202).send(await resendWebhookDelivery(db, ownerOf(request), request.params)),
  );
}
