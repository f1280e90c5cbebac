import fp from "fastify-plugin";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { createGuards, type Guards } from "../../http/guards.ts";
import { authenticateApiCredential, limitApiCredential } from "../../modules/api-keys/service.ts";
import { createSessionReader } from "../../modules/auth/service.ts";
import { admitSessionRequest } from "../../modules/sessions/service.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** `requireUser` and `requireAdmin`, for routes' `preValidation` (http/guards.ts). */
    guards: Guards;
  }
}

export interface GuardsOptions {
  readonly db: Database;
  /** The clock idle sessions are measured by (AppDeps.sessionClock). */
  readonly sessionClock: Clock;
  /** AUTH_SECRET, from which the key API secrets are hashed with is derived (modules/api-keys). */
  readonly authSecret: string;
}

/**
 * The route guards, reading sessions through Better Auth and ending idle ones (modules/sessions), and
 * API credentials through modules/api-keys.
 * Routes receive them from app.ts; they live in http/guards.ts, so a module depends on them without
 * depending on the auth or sessions module.
 */
export default fp<GuardsOptions>(
  async (app, options) => {
    app.decorateRequest("viewer", null);
    app.decorate(
      "guards",
      createGuards(
        createSessionReader(app.auth, options.db),
        (activity) => admitSessionRequest(options.db, options.sessionClock, activity),
        {
          read: (appId, secret) => authenticateApiCredential(options.db, options.authSecret, appId, secret),
          limit: (credentialId) => limitApiCredential(options.db, credentialId),
        },
      ),
    );
  },
  { name: "ferry-guards", fastify: "5.x", dependencies: ["ferry-auth"] },
);
