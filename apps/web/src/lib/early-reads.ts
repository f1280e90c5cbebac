/*
 * The reads a signed-in page's shell started before its scripts arrived (core's early-reads.ts,
 * decision 052): the API client's first request for each address takes that response instead of asking
 * again. Each is used once, only while the page is loading, and all are dropped at the first change the
 * person makes, so nothing read before a change is shown after it.
 */

declare global {
  interface Window {
    /** Filled by core's EARLY_READS_SCRIPT: each address's response, or null when it could not be read. */
    __ferryEarlyReads?: Record<string, Promise<Response | null>>;
  }
}

/** How long after the page opened an early read may still be used: the first render's reads come sooner. */
const FRESH_FOR_MS = 10_000;

/**
 * The early read that answers `request`, once: a GET to an address the shell read, while the page is
 * loading. Any other request (a change) drops every early read. Undefined when there is none to use.
 */
export function takeEarlyRead(request: Request): Promise<Response | null> | undefined {
  const reads = globalThis.window?.__ferryEarlyReads;
  if (!reads) {
    return undefined;
  }
  if (request.method !== "GET" || performance.now() > FRESH_FOR_MS) {
    window.__ferryEarlyReads = undefined;
    return undefined;
  }
  const url = new URL(request.url);
  const address = `${url.pathname}${url.search}`;
  const read = url.origin === window.location.origin ? reads[address] : undefined;
  delete reads[address];
  return read;
}
