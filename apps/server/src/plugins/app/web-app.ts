import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import fp from "fastify-plugin";

export interface WebAppOptions {
  /** The web app's build (apps/web/dist); without one, only the API is served. */
  readonly webDistDir: string;
}

/**
 * Serves the web app's build and answers every unknown path: the single-page app owns the pages
 * (its own not-found page included), while /api/ and /dev/ get Ferry's JSON 404. Registered after
 * every route.
 */
export default fp<WebAppOptions>(
  async (app, options) => {
    const hasWebBuild = existsSync(path.join(options.webDistDir, "index.html"));
    if (hasWebBuild) {
      await app.register(fastifyStatic, {
        root: options.webDistDir,
        wildcard: false,
        index: false,
        setHeaders(reply, filePath) {
          // Hashed assets never change under their name; index.html must be revalidated to find new ones.
          reply.header(
            "cache-control",
            filePath.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache",
          );
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const isApi = request.url.startsWith("/api/") || request.url.startsWith("/dev/");
      if (!isApi && hasWebBuild && request.method === "GET") {
        return reply.header("cache-control", "no-cache").sendFile("index.html");
      }
      return reply
        .status(404)
        .send({ error: { code: "not_found", message: `No route for ${request.method} ${request.url}` } });
    });
  },
  { name: "ferry-web-app", fastify: "5.x" },
);
