import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * The methods the router serves at a request path (no query string), sorted, `HEAD` included
     * wherever `GET` is; empty for a path no route matches. For the `Allow` header of a 405.
     */
    allowedMethods(requestPath: string): readonly string[];
  }
}

/** One route's URL pattern as a test on request paths, with the methods registered for it. */
interface RoutePattern {
  readonly url: string;
  readonly matcher: RegExp;
  readonly methods: Set<string>;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A Fastify route URL as a regular expression over request paths: `:name` matches one non-empty
 * segment and a trailing `*` anything, as find-my-way does with Fastify's defaults (case-sensitive,
 * no trailing-slash folding). Ferry's routes use no regex parameters; one would fail the boot here
 * rather than be matched wrongly.
 */
function toMatcher(url: string): RegExp {
  if (/:[A-Za-z0-9_]+\(/.test(url)) {
    throw new Error(`route-methods cannot match the regex parameter in ${url}`);
  }
  let source = "";
  let rest = url;
  while (rest.length > 0) {
    const param = /^:[A-Za-z0-9_]+/.exec(rest);
    if (param) {
      source += "[^/]+";
      rest = rest.slice(param[0].length);
    } else if (rest === "*") {
      source += ".*";
      rest = "";
    } else {
      const literal = /^[^:*]+|^[:*]/.exec(rest)?.[0] ?? rest;
      source += escapeRegExp(literal);
      rest = rest.slice(literal.length);
    }
  }
  return new RegExp(`^${source}$`);
}

/**
 * The path → methods table of every route, filled by Fastify's `onRoute` hook, so a route added
 * anywhere later (modules, the OpenAPI pages, each file of the web build) is covered without a list
 * to keep. The not-found handler reads it to tell "no such path" (404) from "not with this method"
 * (405 with `Allow`). Registered before any route, so the hook sees them all.
 */
export default fp(
  async (app) => {
    const patterns = new Map<string, RoutePattern>();
    function addRoute(url: string, methods: readonly string[]): void {
      let pattern = patterns.get(url);
      if (!pattern) {
        pattern = { url, matcher: toMatcher(url), methods: new Set() };
        patterns.set(url, pattern);
      }
      for (const method of methods) {
        pattern.methods.add(method);
      }
    }
    app.addHook("onRoute", (route) => {
      const methods = [route.method].flat();
      addRoute(route.url, methods);
      // A plugin's `/` route under a prefix is registered both as `/prefix` and `/prefix/` (Fastify's
      // default `prefixTrailingSlash: "both"`), but onRoute runs for the first only (the docs page).
      if (route.routePath === "" && route.prefix !== "" && route.prefixTrailingSlash !== "no-slash") {
        addRoute(`${route.url}/`, methods);
      }
    });
    app.decorate("allowedMethods", (requestPath: string) => {
      // Several patterns can match one path (`/transfers/quote` and `/transfers/:transferId`); the
      // router tries each method's tree on its own, so a method is allowed if any of them has it.
      const methods = new Set<string>();
      for (const pattern of patterns.values()) {
        if (pattern.matcher.test(requestPath)) {
          for (const method of pattern.methods) {
            methods.add(method);
          }
        }
      }
      return [...methods].sort();
    });
  },
  { name: "ferry-route-methods", fastify: "5.x" },
);
