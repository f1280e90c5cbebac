import fp from "fastify-plugin";
import { AppError } from "../../errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface OriginCheckOptions {
  /** Origins (scheme, host, port) whose pages may send cookie-authenticated writes. */
  readonly trustedOrigins: readonly string[];
}

function originOf(value: string | undefined): string | undefined {
  if (!value) {
    return undefined;
  }
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/**
 * Cookie sessions are protected from cross-site requests by SameSite cookies and this check: every
 * write that carries a cookie must come from a trusted origin (Origin, else Referer), whatever its
 * path. The check does not look at the path at all, because the router decodes escapes, folds
 * slashes and may match another spelling than the one a prefix test sees (`/api/%761/…` was once
 * routed to `/api/v1/…` past a `startsWith("/api/v1/")` test). Better Auth checks the origin on its own
 * endpoints (/api/auth) as well. A request without cookies cannot act as anyone, so it is not checked
 * here (API keys, the signed-out contact form).
 */
export default fp<OriginCheckOptions>(
  async (app, options) => {
    const trustedOrigins = new Set(options.trustedOrigins);
    // A hook with a callback, not a promise: it runs on every request (issue 31).
    app.addHook("onRequest", (request, _reply, done) => {
      if (
        SAFE_METHODS.has(request.method) ||
        !request.headers.cookie ||
        // A browser's Origin is an origin already: one that is trusted as sent needs no parsing (a URL
        // parsed on every write was 1 % of the server's CPU per transfer, issue 31).
        (request.headers.origin !== undefined && trustedOrigins.has(request.headers.origin))
      ) {
        done();
        return;
      }
      const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
      done(origin && trustedOrigins.has(origin) ? undefined : new AppError("forbidden", "Cross-site request refused"));
    });
  },
  { name: "ferry-origin-check", fastify: "5.x" },
);
