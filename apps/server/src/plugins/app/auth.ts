import fp from "fastify-plugin";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { type Auth, createAuth } from "../../modules/auth/auth.ts";
import { countPasskeysOf } from "../../modules/passkeys/service.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Better Auth, configured for Ferry (modules/auth/auth.ts). */
    auth: Auth;
  }
}

export interface AuthPluginOptions {
  readonly config: Config;
  readonly db: Database;
}

/**
 * Creates Better Auth once per app and decorates the app with it, for the guards and the auth routes;
 * its hooks get what they need from modules that import auth (passkeys).
 */
export default fp<AuthPluginOptions>(
  async (app, options) => {
    const { db } = options;
    app.decorate("auth", createAuth(options.config, db, { countPasskeys: (userId) => countPasskeysOf(db, userId) }));
  },
  { name: "ferry-auth", fastify: "5.x" },
);
