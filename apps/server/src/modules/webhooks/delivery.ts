import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { CheckedTarget } from "./address-check.ts";

/*
 * One HTTP attempt of a webhook delivery: a POST to the address the SSRF guard checked (the socket's
 * lookup answers with it, while the Host header and TLS's server name stay the URL's), no redirect
 * followed, a time limit, and at most a small part of the answer read.
 */

/** An attempt that has not answered by then has failed (WEBHOOK_TIMEOUT_SECONDS's default). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** The most of a receiver's answer read; the rest is dropped with the connection. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/** What the receiver answered: its status and its Retry-After header, if any. */
export interface AttemptAnswer {
  readonly status: number;
  readonly retryAfter: string | undefined;
}

/** A socket lookup that always answers with the checked address (pinning), whatever the name. */
function pinnedLookup(target: CheckedTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      callback(null, [{ address: target.address, family: target.family }]);
    } else {
      callback(null, target.address, target.family);
    }
  };
}

/**
 * Posts `body` with `headers` to the checked target; resolves with the answer, rejects when none has
 * come within `timeoutMs`.
 */
export function postToReceiver(
  target: CheckedTarget,
  headers: Record<string, string>,
  body: string,
  timeoutMs = DELIVERY_TIMEOUT_MS,
): Promise<AttemptAnswer> {
  const transport = target.url.protocol === "https:" ? https : http;
  return new Promise((resolvePromise, rejectPromise) => {
    // The whole attempt, answer included, has one time limit: a receiver dripping bytes cannot hold it.
    const timer = setTimeout(() => request.destroy(new Error(`No answer within ${timeoutMs / 1000} s`)), timeoutMs);
    const resolve = (answer: AttemptAnswer) => {
      clearTimeout(timer);
      resolvePromise(answer);
    };
    const reject = (error: Error) => {
      clearTimeout(timer);
      rejectPromise(error);
    };
    const request = transport.request(
      target.url,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(target),
        // Its own connection: a pooled socket could have been opened to another address.
        agent: false,
      },
      (response) => {
        let received = 0;
        const answer = { status: response.statusCode ?? 0, retryAfter: header(response.headers["retry-after"]) };
        response.on("data", (chunk: Buffer) => {
          received += chunk.length;
          if (received > MAX_RESPONSE_BYTES) {
            response.destroy();
            resolve(answer);
          }
        });
        response.on("end", () => resolve(answer));
        response.on("error", () => resolve(answer));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
