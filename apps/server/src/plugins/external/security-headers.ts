import { createHash } from "node:crypto";
import { EARLY_READS_SCRIPT } from "@ferry/core/early-reads";
import { SCRIPTS_AFTER_FIRST_PAINT } from "@ferry/core/public-pages";
import { THEME_SCRIPT } from "@ferry/core/theme";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";

/** Browser features none of Ferry's pages use; refusing them limits what injected script could do. */
const PERMISSIONS_POLICY =
  "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()";

/**
 * The three inline scripts Ferry's pages carry, the theme chosen before the first paint (decision 046),
 * a pre-rendered page's loader of its scripts after that paint (decision 021) and a signed-in page's
 * early reads (decision 052), each admitted by the hash of its text: computed here from the same
 * constants the web build inlines, so they cannot drift apart.
 */
const INLINE_SCRIPT_SOURCES = [THEME_SCRIPT, SCRIPTS_AFTER_FIRST_PAINT, EARLY_READS_SCRIPT].map(
  (script) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`,
);

export interface SecurityHeadersOptions {
  /** Strict-Transport-Security only where Ferry is served over HTTPS (production). */
  readonly isHstsEnabled: boolean;
}

/**
 * The headers helmet sets for `options`, worked out once. Helmet is a middleware that builds its
 * headers from its options every time it is created; @fastify/helmet created it again on every request
 * (about 5 % of the server's CPU per transfer, issue 31). The headers do not depend on the request (no
 * nonces), so they are taken here from one run against a response that only records them.
 */
export function helmetHeadersOf(options: HelmetOptions): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader: (name: string) => {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)({} as never, recorder as never, () => undefined);
  return [...headers];
}

/**
 * Security headers on every response: helmet's (a Content-Security-Policy that admits only Ferry's own
 * scripts and its three inline scripts by their hashes), Permissions-Policy, and `cache-control: no-store` on JSON unless a route chose otherwise,
 * so no shared cache keeps an account's data.
 */
export default fp<SecurityHeadersOptions>(
  async (app, options) => {
    const helmetHeaders = helmetHeadersOf({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...INLINE_SCRIPT_SOURCES],
          // Toasts and Radix inject style attributes at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:"],
          connectSrc: ["'self'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
        },
      },
      hsts: options.isHstsEnabled,
    });
    app.addHook("onRequest", (_request, reply, done) => {
      // On the raw response, as helmet does: they are there even when a route answers it directly.
      for (const [name, value] of helmetHeaders) {
        reply.raw.setHeader(name, value);
      }
      done();
    });
    app.addHook("onSend", (_request, reply, payload, done) => {
      reply.header("permissions-policy", PERMISSIONS_POLICY);
      if (!reply.hasHeader("cache-control") && String(reply.getHeader("content-type") ?? "").includes("json")) {
        reply.header("cache-control", "no-store");
      }
      done(null, payload);
    });
  },
  { name: "ferry-security-headers", fastify: "5.x" },
);
