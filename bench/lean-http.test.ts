import net from "node:net";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { LeanHttpPool, requestText } from "./lean-http.ts";

interface ScriptedServer {
  readonly port: number;
  /** Every request received, whole, as text. */
  readonly requests: string[];
  connections: number;
  close(): Promise<void>;
}

/**
 * A TCP server on loopback that answers each request (read up to its headers' end and content-length)
 * with the next answer of `answers`, written in the pieces given, one per turn of the event loop.
 */
async function scriptedServer(answers: (request: string) => readonly Buffer[] | null): Promise<ScriptedServer> {
  const sockets = new Set<net.Socket>();
  const state = { requests: [] as string[], connections: 0 };
  const server = net.createServer((socket) => {
    state.connections += 1;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    let received = Buffer.alloc(0);
    socket.on("data", async (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const headersEnd = received.indexOf("\r\n\r\n");
      if (headersEnd === -1) {
        return;
      }
      const length = /content-length: (\d+)/i.exec(received.toString("latin1", 0, headersEnd));
      const end = headersEnd + 4 + (length ? Number(length[1]) : 0);
      if (received.length < end) {
        return;
      }
      const request = received.toString("utf8", 0, end);
      received = received.subarray(end);
      state.requests.push(request);
      for (const piece of answers(request) ?? []) {
        socket.write(piece);
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    requests: state.requests,
    get connections() {
      return state.connections;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) {
          socket.destroy();
        }
        server.close(() => resolve());
      }),
  };
}

function withContentLength(status: string, body: string, extraHeaders = ""): Buffer {
  return Buffer.from(
    `HTTP/1.1 ${status}\r\ncontent-type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extraHeaders}\r\n${body}`,
  );
}

function chunked(status: string, pieces: readonly string[]): Buffer {
  const chunks = pieces.map((piece) => `${Buffer.byteLength(piece).toString(16)}\r\n${piece}\r\n`).join("");
  return Buffer.from(`HTTP/1.1 ${status}\r\nTransfer-Encoding: chunked\r\n\r\n${chunks}0\r\n\r\n`);
}

/** `bytes` cut at the given offsets (any order, repeats allowed). */
function cutAt(bytes: Buffer, offsets: readonly number[]): Buffer[] {
  const cuts = [...new Set(offsets.map((offset) => offset % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Buffer[] = [];
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    if (cut > from) {
      pieces.push(bytes.subarray(from, cut));
      from = cut;
    }
  }
  return pieces;
}

const HEAD = "POST /api/v1/transfers HTTP/1.1\r\nhost: 127.0.0.1\r\ncookie: a=b\r\n";
const toClose: { close(): Promise<void> }[] = [];
const pools: LeanHttpPool[] = [];

afterEach(async () => {
  for (const pool of pools.splice(0)) {
    pool.destroy();
  }
  await Promise.all(toClose.splice(0).map((closable) => closable.close()));
});

async function setUp(answers: (request: string) => readonly Buffer[] | null, timeoutMs = 5_000) {
  const server = await scriptedServer(answers);
  toClose.push(server);
  const pool = new LeanHttpPool(server.port, timeoutMs);
  pools.push(pool);
  return { server, pool };
}

describe("the load generator's lean HTTP client", () => {
  it("sends the request's bytes as given, with the body's length in bytes", async () => {
    const { server, pool } = await setUp(() => [withContentLength("201 Created", "{}")]);
    const body = JSON.stringify({ note: "Zoë’s rent ✓" });
    const response = await pool.send(requestText(`${HEAD}idempotency-key: k1\r\n`, body));
    expect(response).toEqual({ status: 201, body: "{}" });
    expect(server.requests).toEqual([
      `${HEAD}idempotency-key: k1\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    ]);
    expect(Buffer.byteLength(body)).toBeGreaterThan(body.length);
  });

  it("reads a sized or chunked answer however its bytes are cut", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "grapheme", maxLength: 40 }),
        fc.array(fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }), { maxLength: 4 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.boolean(),
        async (body, pieces, offsets, isChunked) => {
          const expected = isChunked ? pieces.join("") : body;
          const answer = isChunked ? chunked("409 Conflict", pieces) : withContentLength("409 Conflict", body);
          const { pool } = await setUp(() => cutAt(answer, offsets));
          const response = await pool.send(requestText(HEAD, undefined));
          expect(response).toEqual({ status: 409, body: expected });
          pool.destroy();
        },
      ),
      { numRuns: 60 },
    );
  });

  it("keeps one connection for requests one after another, and opens another for one sent beside", async () => {
    const { server, pool } = await setUp(() => [withContentLength("200 OK", '{"ok":true}')]);
    for (let index = 0; index < 5; index += 1) {
      expect((await pool.send(requestText(HEAD, undefined))).status).toBe(200);
    }
    expect(server.connections).toBe(1);
    await Promise.all([pool.send(requestText(HEAD, undefined)), pool.send(requestText(HEAD, undefined))]);
    expect(server.connections).toBe(2);
    expect(server.requests).toHaveLength(7);
  });

  it("opens a new connection after an answer that closes its own", async () => {
    const { server, pool } = await setUp(() => [withContentLength("200 OK", "{}", "Connection: close\r\n")]);
    await pool.send(requestText(HEAD, undefined));
    await pool.send(requestText(HEAD, undefined));
    expect(server.connections).toBe(2);
  });

  it("fails a request that is not answered in time, and one whose connection the server drops", async () => {
    const { pool } = await setUp(() => null, 300);
    await expect(pool.send(requestText(HEAD, undefined))).rejects.toThrow("timed out after 300 ms");

    const dropping = await scriptedServer(() => [Buffer.from("HTTP/1.1 200 OK\r\nContent-Le")]);
    toClose.push(dropping);
    const dropped = new LeanHttpPool(dropping.port, 5_000);
    pools.push(dropped);
    const answer = dropped.send(requestText(HEAD, undefined));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await dropping.close();
    await expect(answer).rejects.toThrow("the server closed the connection");
  });
});
