import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/**
 * The OpenAPI document, built from every route's zod schemas: served at /api/v1/openapi.json, with a
 * docs page at /api/docs. Registered before any route, so it sees them all.
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: { title: "Ferry API", version: "1.0.0", description: "Ferry's REST API. Amounts are decimal strings." },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
    app.get("/api/v1/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  },
  { name: "ferry-swagger", fastify: "5.x" },
);
