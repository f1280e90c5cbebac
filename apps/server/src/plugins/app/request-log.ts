import fp from "fastify-plugin";

/**
 * One log line for each answered request, at info, when it ends: its method, URL, client address,
 * status and time. Fastify's own request logging (off in app.ts) writes two, one when the request
 * arrives and one when it ends; on a transfer that was a measurable share of the server's CPU (issue
 * 31). A request that never ends is still named when the server stops (plugins/app/shutdown.ts).
 */
/** The log levels at which info lines are written. */
const LOGGING_INFO = new Set(["info", "debug", "trace"]);

export default fp(
  async (app) => {
    if (!LOGGING_INFO.has(app.log.level)) {
      return;
    }
    app.addHook("onResponse", async (request, reply) => {
      // Fastify's serializers write `req` as its method, URL, host and client address, `res` as its status.
      request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
    });
  },
  { name: "ferry-request-log", fastify: "5.x" },
);
