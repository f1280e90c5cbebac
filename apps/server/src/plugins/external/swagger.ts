import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import fp from "fastify-plugin";
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from "fastify-type-provider-zod";
import { createContractRegistry, describeResponses, nameComponents, SECURITY_SCHEMES } from "./openapi-document.ts";

export interface SwaggerOptions {
  /** Where Ferry is served (PUBLIC_URL): the document's one server. */
  readonly publicUrl: string;
}

/**
 * The OpenAPI document, built from every route's zod schemas: served at /api/v1/openapi.json, with a
 * docs page at /api/docs. Registered before any route, so it sees them all. Core's contracts are its
 * named component schemas; each operation says how it authenticates (`security`) and which errors it
 * answers with. `npm test` lints it with Redocly (scripts/lint-openapi.ts) and checks every operation's
 * real answers against it (tests/integration/openapi-contract.test.ts).
 */
export default fp<SwaggerOptions>(
  async (app, options) => {
    const schemaRegistry = await createContractRegistry();
    const transformObject = createJsonSchemaTransformObject({ schemaRegistry });
    await app.register(swagger, {
      openapi: {
        openapi: "3.1.0",
        info: {
          title: "Ferry API",
          version: "1.0.0",
          description:
            "Ferry's REST API. Amounts are decimal strings. Errors are `{ error: { code, message, fields? } }` with the status of their code.",
          license: { name: "MIT", identifier: "MIT" },
        },
        servers: [{ url: options.publicUrl }],
        components: { securitySchemes: SECURITY_SCHEMES },
      },
      transform: createJsonSchemaTransform({ schemaRegistry }),
      transformObject: (documentObject) => describeResponses(nameComponents(transformObject(documentObject))),
    });
    // "Authorize" offers the API-credential schemes, so a developer tries calls with their own key
    // (docs/api.md). The key stays in the page's memory: persisting it would leave a live secret in
    // localStorage for anything on this origin to read (decision 043). Swagger UI sets style
    // attributes as it draws, which a style-src of hashes refuses (a console error on every load): its
    // styles are admitted inline as the app's own pages' are (security-headers.ts); its scripts stay
    // limited to its own files and hashes.
    await app.register(swaggerUi, {
      routePrefix: "/api/docs",
      staticCSP: true,
      transformStaticCSP: (header) => header.replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';"),
      uiConfig: { persistAuthorization: false, tryItOutEnabled: true },
    });
    app.get("/api/v1/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  },
  { name: "ferry-swagger", fastify: "5.x" },
);
