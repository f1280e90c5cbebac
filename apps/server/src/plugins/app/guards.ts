import fp from "fastify-plugin";
import { createGuards, type Guards } from "../../http/guards.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** `requireUser` and `requireAdmin`, for routes' `preValidation` (http/guards.ts). */
    guards: Guards;
  }
}

/**
 * The route guards, reading sessions through Better Auth. Routes receive them from app.ts; they live in
 * http/guards.ts, so a module depends on them without depending on the auth module.
 */
export default fp(
  async (app) => {
    app.decorateRequest("viewer", null);
    app.decorate(
      "guards",
      createGuards((headers) => app.auth.api.getSession({ headers })),
    );
  },
  { name: "ferry-guards", fastify: "5.x", dependencies: ["ferry-auth"] },
);
