import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyInstance {
    /** Graceful shutdown (decision 057): readiness fails from `begin()`, in-flight requests are waited for. */
    shutdown: Shutdown;
  }
}

export interface Shutdown {
  /** True from `begin()` (or `app.close()`): `/health/ready` answers 503 so load balancers stop sending. */
  readonly isShuttingDown: boolean;
  /** Marks the process as stopping, before `app.close()`; closing marks it too. */
  begin(): void;
  /** The requests still being answered, as `METHOD url (id)`: what a shutdown cut short names. */
  inFlight(): string[];
}

export interface ShutdownOptions {
  /** The most `app.close()` waits for requests still being answered before it goes on (and logs them). */
  readonly drainTimeoutMs: number;
}

/** How often the wait for in-flight requests looks again. */
const DRAIN_POLL_MS = 10;

/**
 * Tracks the requests being answered and, when the app closes, waits for them before its `onClose`
 * hooks end — so its owner closes the pool only after every accepted transfer (and the group-commit
 * batch it waits in) is answered. A listening server's `close()` already waits for its connections;
 * requests sent with `inject` (tests) and a server whose connections were cut are covered here.
 * Long-lived streams must be ended in a `preClose` hook (the live-updates plugin does), or they are
 * waited for until the timeout.
 */
export default fp<ShutdownOptions>(
  async (app, options) => {
    const answering = new Set<FastifyRequest>();
    let isShuttingDown = false;
    const shutdown: Shutdown = {
      get isShuttingDown() {
        return isShuttingDown;
      },
      begin() {
        isShuttingDown = true;
      },
      inFlight: () => [...answering].map((request) => `${request.method} ${request.url} (${request.id})`),
    };
    app.decorate("shutdown", shutdown);
    app.addHook("onRequest", (request, reply, done) => {
      answering.add(request);
      // "close" comes once the answer is sent, or when the client went away (hijacked streams included).
      reply.raw.once("close", () => answering.delete(request));
      done();
    });
    app.addHook("preClose", async () => {
      shutdown.begin();
    });
    app.addHook("onClose", async () => {
      const deadline = performance.now() + options.drainTimeoutMs;
      while (answering.size > 0 && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, DRAIN_POLL_MS));
      }
      if (answering.size > 0) {
        app.log.warn(
          { requests: shutdown.inFlight(), waitedMs: options.drainTimeoutMs },
          "shutdown: stopped waiting for requests still being answered",
        );
      }
    });
  },
  { name: "ferry-shutdown", fastify: "5.x" },
);
