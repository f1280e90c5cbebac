import { BACKGROUND_REQUEST_HEADER } from "@ferry/core/session-headers";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type pg from "pg";
import { z } from "zod";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../errors.ts";
import { type Guards, viewerOf } from "../../http/guards.ts";
import { errorResponses, SIGNED_IN, SIGNED_IN_ERRORS } from "../../http/openapi.ts";
import { eventText, LiveHub, type LiveStream } from "./hub.ts";
import { currentLiveCursor, liveCursorOf } from "./service.ts";

/** How long a browser waits before reconnecting a dropped stream (the SSE `retry:` field). */
const RECONNECT_MS = 3_000;

const LiveEventHeaders = z.object({
  "last-event-id": z
    .string()
    .regex(/^\d{1,18}$/, "Last-Event-ID must be the id of an event this stream sent")
    .optional()
    .describe("Sent by a reconnecting browser: the stream continues after this event"),
});

/**
 * Live updates for this process: its hub (one listening connection, made with the first stream), the
 * stream route, and, when the app closes, every stream ended with a retry hint so the browser
 * reconnects (to another process) at once.
 */
export function registerLiveUpdates(
  app: FastifyInstance,
  deps: {
    db: Database;
    pool: pg.Pool;
    guards: Guards;
    isSessionAlive: (session: { sessionId: string; userId: string }) => Promise<boolean>;
    onCount?: (count: number) => void;
  },
): LiveHub {
  const hub = new LiveHub({
    pool: deps.pool,
    db: deps.db,
    isSessionAlive: deps.isSessionAlive,
    log: app.log,
    onCount: deps.onCount,
  });
  registerLiveRoutes(app, { db: deps.db, guards: deps.guards, hub });
  app.addHook("preClose", async () => {
    await hub.close(RECONNECT_MS);
  });
  return hub;
}

/**
 * `GET /api/v1/events`: the signed-in person's live updates as Server-Sent Events (issue 32). Without
 * Last-Event-ID the stream starts after the events already settled; with it, it first sends every
 * event after that one, each exactly once, in commit order. When the id is no longer kept (events are
 * kept a day), a `reset` event tells the page to refresh everything instead.
 */
function registerLiveRoutes(app: FastifyInstance, deps: { db: Database; guards: Guards; hub: LiveHub }) {
  const { db, guards, hub } = deps;
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/v1/events",
    {
      // A browser's EventSource sends no headers of its own: the stream is never the person's activity.
      onRequest: async (request) => {
        request.headers[BACKGROUND_REQUEST_HEADER] = "1";
      },
      preValidation: guards.requireUser,
      schema: {
        tags: ["notifications"],
        operationId: "streamLiveEvents",
        security: SIGNED_IN,
        summary:
          "Your live updates as Server-Sent Events: each event's `data` is JSON with a `type` (`notification`, `balance`, `webhook` — an attempt at one of your webhook endpoints —, `help` — for admins, a customer replied —, or `reset` to refresh everything); reconnect with Last-Event-ID to receive what you missed, once",
        headers: LiveEventHeaders,
        response: {
          200: {
            description: "An event stream (text/event-stream) that stays open",
            content: { "text/event-stream": { schema: z.string() } },
          },
          ...errorResponses(...SIGNED_IN_ERRORS, "validation_failed", "forbidden"),
        },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      if (viewer.credential !== null) {
        throw new AppError("forbidden", "Live updates are for signed-in browsers; apps receive webhooks");
      }
      const lastEventId = request.headers["last-event-id"];
      const kept = lastEventId === undefined ? undefined : await liveCursorOf(db, viewer.userId, lastEventId);
      const isReset = lastEventId !== undefined && kept === undefined;
      const cursor = kept ?? (await currentLiveCursor(db));
      try {
        await hub.ready();
      } catch {
        throw new AppError("unavailable", "Live updates are unavailable right now; try again shortly");
      }
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        "x-accel-buffering": "no",
        connection: "keep-alive",
      });
      raw.write(`retry: ${RECONNECT_MS}\n\n`);
      if (isReset) {
        // An empty id: the browser forgets the one it had, so it does not ask for it again.
        raw.write(eventText("", { type: "reset" }));
      }
      const stream: LiveStream = {
        userId: viewer.userId,
        sessionId: viewer.sessionId,
        cursor,
        write: (chunk) => {
          if (!raw.writableEnded && !raw.destroyed) {
            raw.write(chunk);
          }
        },
        end: () => raw.end(),
      };
      raw.on("close", () => hub.remove(stream));
      hub.add(stream);
    },
  );
}
