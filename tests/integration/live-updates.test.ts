// Live updates (issue 32, modules/live): events are rows written with the change they report and a
// NOTIFY that PostgreSQL delivers at commit; every Ferry process listens and sends each open stream the
// rows after the last one it sent. Two apps on one database stand for two processes.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { recordLiveEvents } from "../../apps/server/src/modules/live/service.ts";
import {
  buildTestApp,
  createSessionUser,
  fundWallet,
  type SessionUser,
  send,
  sendUsdToFerryUser,
  type TestApp,
} from "./helpers.ts";

/** Causes the changes. */
let a: TestApp;
/** Holds the streams, over real HTTP. */
let b: TestApp;
let baseUrl: string;

beforeAll(async () => {
  [a, b] = await Promise.all([buildTestApp(), buildTestApp()]);
  baseUrl = await b.app.listen({ port: 0, host: "127.0.0.1" });
});

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

interface ReceivedEvent {
  readonly id: string | undefined;
  readonly data: { type: string; [key: string]: unknown };
}

/** One open event stream, parsed as a browser's EventSource parses it. */
class EventStream {
  readonly events: ReceivedEvent[] = [];
  isEnded = false;
  private waiters: (() => void)[] = [];

  constructor(
    readonly status: number,
    body: ReadableStream<Uint8Array> | null,
    private readonly controller: AbortController,
  ) {
    if (body) {
      void this.read(body);
    }
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          this.take(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // Aborted by the test.
    }
    this.isEnded = true;
    this.wake();
  }

  private take(block: string): void {
    const lines = block.split("\n");
    const data = lines.find((line) => line.startsWith("data: "));
    if (data) {
      const id = lines.find((line) => line.startsWith("id: "))?.slice(4);
      this.events.push({ id, data: JSON.parse(data.slice(6)) });
      this.wake();
    }
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) {
      waiter();
    }
  }

  /** Waits until `count` events arrived (or the stream ended), at most `timeoutMs`. */
  async until(predicate: () => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate() && !this.isEnded && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  close(): void {
    this.controller.abort();
  }
}

async function openStream(user: SessionUser, lastEventId?: string): Promise<EventStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { cookie: user.cookie, "x-forwarded-for": user.ip };
  if (lastEventId !== undefined) {
    headers["last-event-id"] = lastEventId;
  }
  const response = await fetch(`${baseUrl}/api/v1/events`, { headers, signal: controller.signal });
  return new EventStream(response.status, response.body, controller);
}

/** A Ferry-user transfer of USD `amount` from `from` to `to`, made through app A's API. */
async function sendMoney(from: SessionUser, to: SessionUser, amount: string): Promise<void> {
  const response = await sendUsdToFerryUser(a, from, to, amount);
  expect(response.statusCode, response.body).toBe(201);
}

async function funded(label: string): Promise<SessionUser> {
  const user = await createSessionUser(a, { label });
  await fundWallet(a.db, user.userId, "USD", 100_00n);
  return user;
}

describe("live updates", () => {
  test("a transfer made on A reaches the recipient's stream on B: a balance and a notification, once", async () => {
    const [sender, recipient] = await Promise.all([funded("live-sender"), createSessionUser(a, { label: "live-to" })]);
    const stream = await openStream(recipient);
    try {
      expect(stream.status).toBe(200);
      await sendMoney(sender, recipient, "5.00");
      await stream.until(() => stream.events.length >= 2);
      expect(stream.events.map((event) => event.data.type).sort()).toEqual(["balance", "notification"]);
      expect(stream.events.find((event) => event.data.type === "balance")?.data.currencies).toEqual(["USD"]);
      // Ids grow, and nothing arrives twice.
      const ids = stream.events.map((event) => BigInt(event.id ?? "0"));
      expect(ids[1]).toBeGreaterThan(ids[0] as bigint);
    } finally {
      stream.close();
    }
  });

  test("a rolled-back change is never heard of", async () => {
    const user = await createSessionUser(a, { label: "live-rollback" });
    const stream = await openStream(user);
    try {
      await a.db
        .transaction()
        .execute(async (trx) => {
          await recordLiveEvents(trx, [{ userId: user.userId, type: "balance" }]);
          throw new Error("rolled back");
        })
        .catch((error: Error) => expect(error.message).toBe("rolled back"));
      await fundWallet(a.db, user.userId, "USD", 2_00n);
      await stream.until(() => stream.events.length >= 1);
      // Only the committed deposit's event; the rolled-back one would have come first.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(stream.events).toHaveLength(1);
      const row = await a.db
        .selectFrom("live_events")
        .select("id")
        .where("user_id", "=", user.userId)
        .executeTakeFirstOrThrow();
      expect(stream.events[0]?.id).toBe(row.id);
    } finally {
      stream.close();
    }
  });

  test("an event whose transaction took the lower id but committed later is sent, before the other", async () => {
    const user = await createSessionUser(a, { label: "live-order" });
    const stream = await openStream(user);
    try {
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let markWritten = () => {};
      const written = new Promise<void>((resolve) => {
        markWritten = resolve;
      });
      const slow = a.db.transaction().execute(async (trx) => {
        await recordLiveEvents(trx, [{ userId: user.userId, type: "balance", payload: { order: 1 } }]);
        markWritten();
        await gate;
      });
      await written;
      // A later event, with a higher id, commits first.
      await recordLiveEvents(a.db, [{ userId: user.userId, type: "balance", payload: { order: 2 } }]);
      release();
      await slow;
      await stream.until(() => stream.events.length >= 2);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(stream.events.map((event) => event.data.order)).toEqual([1, 2]);
    } finally {
      stream.close();
    }
  });

  test("Last-Event-ID replays exactly the events missed while away, then continues", async () => {
    const [sender, recipient] = await Promise.all([
      funded("live-away-from"),
      createSessionUser(a, { label: "live-away" }),
    ]);
    const first = await openStream(recipient);
    await sendMoney(sender, recipient, "1.00");
    await first.until(() => first.events.length >= 2);
    const lastSeen = first.events.at(-1)?.id;
    first.close();
    // Away: two more transfers, four more events.
    await sendMoney(sender, recipient, "2.00");
    await sendMoney(sender, recipient, "3.00");
    const back = await openStream(recipient, lastSeen);
    try {
      await back.until(() => back.events.length >= 4);
      const missed = await a.db
        .selectFrom("live_events")
        .select("id")
        .where("user_id", "=", recipient.userId)
        .where("id", ">", lastSeen ?? "0")
        .orderBy("id")
        .execute();
      expect(back.events.map((event) => event.id)).toEqual(missed.map((row) => row.id));
      await sendMoney(sender, recipient, "4.00");
      await back.until(() => back.events.length >= 6);
      expect(new Set(back.events.map((event) => event.id)).size).toBe(6);
    } finally {
      back.close();
    }
  });

  test("a Last-Event-ID no longer kept is answered with a reset", async () => {
    const user = await createSessionUser(a, { label: "live-reset" });
    const stream = await openStream(user, "1");
    try {
      await stream.until(() => stream.events.length >= 1);
      expect(stream.events[0]?.data.type).toBe("reset");
    } finally {
      stream.close();
    }
  });

  test("a ban made on A closes the stream on B, and B refuses the session at its next request", async () => {
    const user = await createSessionUser(a, { label: "live-ban" });
    const stream = await openStream(user);
    await a.db.updateTable("user").set({ banned: true }).where("id", "=", user.userId).execute();
    await stream.until(() => stream.isEnded);
    expect(stream.isEnded).toBe(true);
    const again = await openStream(user);
    expect(again.status).toBe(401);
    again.close();
  });

  test("a signed-out session's stream closes; the person's other session keeps its own", async () => {
    const user = await createSessionUser(a, { label: "live-signout" });
    const context = await a.auth.$context;
    const signedOut = await openStream(user);
    const other = await createSessionUser(a, { label: "live-signout-other" });
    const kept = await openStream(other);
    try {
      const token = decodeURIComponent(user.cookie.split("=")[1] ?? "").split(".")[0] ?? "";
      await context.internalAdapter.deleteSession(token);
      await signedOut.until(() => signedOut.isEnded);
      expect(signedOut.isEnded).toBe(true);
      expect(kept.isEnded).toBe(false);
    } finally {
      signedOut.close();
      kept.close();
    }
  });

  test("a malformed Last-Event-ID is refused with a clear message; no session, no stream", async () => {
    const user = await createSessionUser(a, { label: "live-bad" });
    const response = await send(b.app, {
      method: "GET",
      url: "/api/v1/events",
      ip: user.ip,
      cookie: user.cookie,
      headers: { "last-event-id": "yesterday" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("Last-Event-ID must be the id of an event this stream sent");
    const anonymous = await send(b.app, { method: "GET", url: "/api/v1/events", ip: user.ip });
    expect(anonymous.statusCode).toBe(401);
  });
});
