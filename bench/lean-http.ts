/**
 * The load generator's HTTP/1.1 client, lean as wrk's or autocannon's: keep-alive sockets to the server on
 * loopback, each request written as one string, and each answer read for just its status and body. On
 * a 2-core machine the load generator's CPU is taken from the server and PostgreSQL it measures, and
 * Node's `http` client spent about 0.09 ms a transfer: an agent, a request object, header validation and
 * a response stream per request (decision 055, twenty-first round). The server sees the same bytes a
 * browser would send; setup's sign-ins and code issues still use `sendHttp` (http-request.ts).
 */
import net from "node:net";
import { LOOPBACK_HOST } from "./http-request.ts";

export interface LeanResponse {
  readonly status: number;
  readonly body: string;
}

interface Waiting {
  readonly resolve: (response: LeanResponse) => void;
  readonly reject: (error: Error) => void;
  readonly sentAt: number;
}

const HEADERS_END = "\r\n\r\n";
const CONTENT_LENGTH = /\r\ncontent-length:[ \t]*(\d+)/i;
const CHUNKED = /\r\ntransfer-encoding:[^\r]*chunked/i;
const CLOSES = /\r\nconnection:[ \t]*close/i;

/** Where a chunked body ends and what it holds, or null while more bytes are due. */
function readChunked(buffer: Buffer, from: number): { readonly end: number; readonly body: string } | null {
  const parts: Buffer[] = [];
  let at = from;
  for (;;) {
    const lineEnd = buffer.indexOf("\r\n", at);
    if (lineEnd === -1) {
      return null;
    }
    const size = Number.parseInt(buffer.toString("latin1", at, lineEnd), 16);
    if (Number.isNaN(size)) {
      throw new Error("a malformed chunk size");
    }
    if (size === 0) {
      // No trailers are ever sent: the last chunk is followed by one empty line.
      const end = buffer.indexOf(HEADERS_END, lineEnd) === lineEnd ? lineEnd + 4 : -1;
      return end === -1 ? null : { end, body: Buffer.concat(parts).toString("utf8") };
    }
    const dataEnd = lineEnd + 2 + size;
    if (buffer.length < dataEnd + 2) {
      return null;
    }
    parts.push(buffer.subarray(lineEnd + 2, dataEnd));
    at = dataEnd + 2;
  }
}

/** One keep-alive connection, one request at a time. */
class LeanConnection {
  private readonly socket: net.Socket;
  private received: Buffer | null = null;
  waiting: Waiting | null = null;
  closed = false;

  constructor(
    port: number,
    private readonly onIdle: (connection: LeanConnection) => void,
    private readonly onClosed: (connection: LeanConnection) => void,
  ) {
    this.socket = net.connect({ host: LOOPBACK_HOST, port, noDelay: true });
    this.socket.on("data", (chunk: Buffer) => this.receive(chunk));
    this.socket.on("error", (error) => this.close(error));
    this.socket.on("close", () => this.close(new Error("the server closed the connection")));
  }

  send(request: string, waiting: Waiting): void {
    this.waiting = waiting;
    this.socket.write(request);
  }

  close(error: Error): void {
    if (!this.closed) {
      this.closed = true;
      this.socket.destroy();
      this.onClosed(this);
    }
    const { waiting } = this;
    this.waiting = null;
    waiting?.reject(error);
  }

  private receive(chunk: Buffer): void {
    const buffer = this.received === null ? chunk : Buffer.concat([this.received, chunk]);
    const headersEnd = buffer.indexOf(HEADERS_END);
    if (headersEnd === -1) {
      this.received = buffer;
      return;
    }
    const head = buffer.toString("latin1", 0, headersEnd);
    const status = Number(head.slice(9, 12));
    const length = CONTENT_LENGTH.exec(head);
    let answer: { readonly end: number; readonly body: string } | null;
    try {
      if (length) {
        const end = headersEnd + 4 + Number(length[1]);
        answer = buffer.length >= end ? { end, body: buffer.toString("utf8", headersEnd + 4, end) } : null;
      } else if (CHUNKED.test(head)) {
        answer = readChunked(buffer, headersEnd + 4);
      } else {
        // No body is read without its length: the server always sends one (or none, for a 204).
        answer = { end: headersEnd + 4, body: "" };
      }
    } catch (error) {
      this.close(error as Error);
      return;
    }
    if (answer === null) {
      this.received = buffer;
      return;
    }
    this.received = null;
    if (answer.end !== buffer.length) {
      this.close(new Error("bytes arrived after an answer, before the next request"));
      return;
    }
    const { waiting } = this;
    this.waiting = null;
    if (CLOSES.test(head)) {
      this.close(new Error("closed"));
    } else {
      this.onIdle(this);
    }
    waiting?.resolve({ status, body: answer.body });
  }
}

/**
 * Keep-alive connections to one port: a request takes an idle one, or opens another (an open loop
 * keeps sending while answers are late). A request not answered within `timeoutMs` fails, and its
 * connection is closed.
 */
export class LeanHttpPool {
  private readonly idle: LeanConnection[] = [];
  private readonly busy = new Set<LeanConnection>();
  private readonly sweep: NodeJS.Timeout;

  constructor(
    private readonly port: number,
    private readonly timeoutMs: number,
  ) {
    this.sweep = setInterval(() => this.closeLate(), Math.min(500, timeoutMs)).unref();
  }

  /** Sends `request`, a whole HTTP/1.1 request as `requestText` makes it. */
  send(request: string): Promise<LeanResponse> {
    return new Promise((resolve, reject) => {
      const connection =
        this.idle.pop() ??
        new LeanConnection(
          this.port,
          (idle) => {
            this.busy.delete(idle);
            this.idle.push(idle);
          },
          (closed) => {
            this.busy.delete(closed);
            const index = this.idle.indexOf(closed);
            if (index !== -1) {
              this.idle.splice(index, 1);
            }
          },
        );
      this.busy.add(connection);
      connection.send(request, { resolve, reject, sentAt: performance.now() });
    });
  }

  destroy(): void {
    clearInterval(this.sweep);
    for (const connection of [...this.idle, ...this.busy]) {
      connection.close(new Error("the pool was closed"));
    }
  }

  private closeLate(): void {
    const now = performance.now();
    for (const connection of this.busy) {
      if (connection.waiting && now - connection.waiting.sentAt > this.timeoutMs) {
        connection.close(new Error(`timed out after ${this.timeoutMs} ms`));
      }
    }
  }
}

/** The text of one HTTP/1.1 request: `head` is its request line and headers, each ending in CRLF. */
export function requestText(head: string, body: string | undefined): string {
  return body === undefined
    ? `${head}\r\n`
    : `${head}content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}
