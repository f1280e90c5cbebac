import type pg from "pg";
import type { Database } from "../../db/database.ts";
import {
  LIVE_CHANNEL,
  type LiveCursor,
  SESSION_ENDED_CHANNEL,
  selectLiveEventsAfter,
  USER_BANNED_CHANNEL,
} from "./service.ts";

/*
 * One process's open event streams and its one listening connection (issue 32, decision 056). A
 * NOTIFY on `ferry_live` names a user: each of that user's streams is sent the settled rows after its
 * cursor, in (txid, id) order, one read at a time per stream, so a stream never skips or repeats an
 * event. A row not yet settled (an older transaction is still running) is read again shortly. When the
 * listening connection is lost (a restart, a failover) it is opened again and every stream catches up
 * from its own cursor.
 */

/** Events read per query while catching a stream up. */
const CATCH_UP_BATCH = 200;
/** A comment line this often keeps proxies from closing a quiet stream and finds closed sockets. */
const KEEP_ALIVE_MS = 25_000;
/** How often each stream's session is checked again (expiry, idle timeout). */
const REVALIDATE_MS = 60_000;
/**
 * How soon a stream looks again at events held back until older transactions end: 20 ms, doubling
 * while they stay held (a long write transaction) up to a second, so waiting streams cost little.
 */
const UNSETTLED_RETRY_MS = 20;
const UNSETTLED_RETRY_MAX_MS = 1_000;
/** Wait before opening the listening connection again after losing it. */
const RELISTEN_DELAY_MS = 1_000;

/** One open stream: whose it is, where it stands (the last event sent), and its socket. */
export interface LiveStream {
  readonly userId: string;
  readonly sessionId: string;
  cursor: LiveCursor;
  write(chunk: string): void;
  end(): void;
}

interface StreamState {
  readonly stream: LiveStream;
  isSending: boolean;
  isDirty: boolean;
  /** The wait before looking again at held-back events; back to the shortest once one is sent. */
  unsettledRetryMs: number;
}

export interface LiveHubOptions {
  readonly pool: pg.Pool;
  readonly db: Database;
  /** Whether the stream's session still admits it (not expired, not idle too long, not banned). */
  readonly isSessionAlive: (stream: LiveStream) => Promise<boolean>;
  readonly log: { warn(message: string): void };
  /** Called with the number of open streams whenever it changes (the metrics). */
  readonly onCount?: (count: number) => void;
}

/** The SSE text of one event. */
export function eventText(id: string, data: object): string {
  return `id: ${id}\ndata: ${JSON.stringify(data)}\n\n`;
}

export class LiveHub {
  private readonly byUser = new Map<string, Set<StreamState>>();
  private listener: pg.PoolClient | null = null;
  private listening: Promise<void> | null = null;
  private timers: NodeJS.Timeout[] = [];
  private isClosed = false;

  constructor(private readonly options: LiveHubOptions) {}

  /**
   * Opens the listening connection if it is not open (with the first stream): call before `add`. Fails
   * when the database cannot be reached, or once the hub is closed (the process is shutting down).
   */
  async ready(): Promise<void> {
    if (this.isClosed) {
      throw new Error("Live updates have stopped: this process is shutting down");
    }
    await this.listen();
  }

  /** Adds a stream and sends it what it missed. */
  add(stream: LiveStream): void {
    const state: StreamState = { stream, isSending: false, isDirty: false, unsettledRetryMs: UNSETTLED_RETRY_MS };
    const streams = this.byUser.get(stream.userId) ?? new Set();
    streams.add(state);
    this.byUser.set(stream.userId, streams);
    this.options.onCount?.(this.count());
    this.send(state);
  }

  remove(stream: LiveStream): void {
    const streams = this.byUser.get(stream.userId);
    for (const state of streams ?? []) {
      if (state.stream === stream) {
        streams?.delete(state);
      }
    }
    if (streams?.size === 0) {
      this.byUser.delete(stream.userId);
    }
    this.options.onCount?.(this.count());
  }

  count(): number {
    let count = 0;
    for (const streams of this.byUser.values()) {
      count += streams.size;
    }
    return count;
  }

  /** Ends every stream with a retry hint (the browser reconnects, to another process) and stops listening. */
  async close(retryMs: number): Promise<void> {
    this.isClosed = true;
    for (const timer of this.timers) {
      clearInterval(timer);
    }
    for (const state of this.allStreams()) {
      state.stream.write(`retry: ${retryMs}\n\n`);
      this.end(state);
    }
    const listener = this.listener;
    this.listener = null;
    listener?.release(true);
  }

  private allStreams(): StreamState[] {
    return [...this.byUser.values()].flatMap((streams) => [...streams]);
  }

  private end(state: StreamState): void {
    this.remove(state.stream);
    state.stream.end();
  }

  /** Opens the listening connection once (again after it was lost) and starts the timers. */
  private listen(): Promise<void> {
    if (this.listening === null) {
      this.listening = this.openListener().catch((error: unknown) => {
        this.listening = null;
        throw error;
      });
      if (this.timers.length === 0) {
        this.timers.push(
          setInterval(() => this.keepAlive(), KEEP_ALIVE_MS).unref(),
          setInterval(() => void this.revalidate(), REVALIDATE_MS).unref(),
        );
      }
    }
    return this.listening;
  }

  private async openListener(): Promise<void> {
    const client = await this.options.pool.connect();
    client.on("notification", (message) => this.hear(message.channel, message.payload ?? ""));
    const lost = () => {
      if (this.listener !== client) {
        return;
      }
      this.listener = null;
      this.listening = null;
      client.release(true);
      if (!this.isClosed) {
        this.options.log.warn("The live-updates listener lost its connection; listening again");
        setTimeout(() => void this.relisten(), RELISTEN_DELAY_MS).unref();
      }
    };
    client.on("error", lost);
    client.on("end", lost);
    await client.query(`LISTEN ${LIVE_CHANNEL}; LISTEN ${SESSION_ENDED_CHANNEL}; LISTEN ${USER_BANNED_CHANNEL}`);
    this.listener = client;
  }

  /** After a lost connection: listen again, then catch every stream up (nothing is lost meanwhile). */
  private async relisten(): Promise<void> {
    if (this.isClosed || this.byUser.size === 0) {
      return;
    }
    try {
      await this.listen();
    } catch {
      setTimeout(() => void this.relisten(), RELISTEN_DELAY_MS).unref();
      return;
    }
    for (const state of this.allStreams()) {
      this.send(state);
    }
  }

  private hear(channel: string, payload: string): void {
    if (channel === LIVE_CHANNEL) {
      for (const state of this.byUser.get(payload) ?? []) {
        this.send(state);
      }
    } else if (channel === SESSION_ENDED_CHANNEL) {
      for (const state of this.allStreams().filter((item) => item.stream.sessionId === payload)) {
        this.end(state);
      }
    } else if (channel === USER_BANNED_CHANNEL) {
      for (const state of [...(this.byUser.get(payload) ?? [])]) {
        this.end(state);
      }
    }
  }

  /** Sends the stream every event after its last id; a call while sending makes it look once more after. */
  private send(state: StreamState): void {
    if (!this.byUser.get(state.stream.userId)?.has(state)) {
      return;
    }
    if (state.isSending) {
      state.isDirty = true;
      return;
    }
    state.isSending = true;
    void this.catchUp(state)
      .catch((error: unknown) => {
        // Tried again a moment later (and by the next event, or the listener's return).
        this.options.log.warn(`A live stream could not be caught up: ${(error as Error).message}`);
        setTimeout(() => this.send(state), RELISTEN_DELAY_MS).unref();
      })
      .finally(() => {
        state.isSending = false;
        if (state.isDirty) {
          state.isDirty = false;
          this.send(state);
        }
      });
  }

  private async catchUp(state: StreamState): Promise<void> {
    const { stream } = state;
    for (;;) {
      const rows = await selectLiveEventsAfter(this.options.db, stream.userId, stream.cursor, CATCH_UP_BATCH);
      const settled = rows.filter((row) => row.is_settled);
      for (const row of settled) {
        stream.write(eventText(row.id, { type: row.type, ...(row.payload as object) }));
        stream.cursor = { txid: row.txid, id: row.id };
      }
      if (settled.length > 0) {
        state.unsettledRetryMs = UNSETTLED_RETRY_MS;
      }
      if (settled.length < rows.length) {
        // Held back until the transactions that could still commit before them have ended.
        setTimeout(() => this.send(state), state.unsettledRetryMs).unref();
        state.unsettledRetryMs = Math.min(state.unsettledRetryMs * 2, UNSETTLED_RETRY_MAX_MS);
        return;
      }
      if (rows.length < CATCH_UP_BATCH) {
        return;
      }
    }
  }

  private keepAlive(): void {
    for (const state of this.allStreams()) {
      state.stream.write(": keep-alive\n\n");
    }
  }

  private async revalidate(): Promise<void> {
    for (const state of this.allStreams()) {
      if (!(await this.options.isSessionAlive(state.stream).catch(() => true))) {
        this.end(state);
      }
    }
  }
}
