import { BACKGROUND_REQUEST_HEADER, SESSION_EXPIRES_IN_HEADER } from "@ferry/core/contracts/sessions";

/*
 * The idle session timeout as the server reports it (decision 038): each answer to a request the person
 * caused says how many seconds the session has left; the signed-in shell warns a minute before and
 * signs out at the end. Polling sends BACKGROUND_HEADERS, so it neither extends the session nor moves
 * this deadline.
 */

/** The headers of a request the app makes on its own (polling): not the person's activity. */
export const BACKGROUND_HEADERS = { [BACKGROUND_REQUEST_HEADER]: "1" } as const;

/** When the session ends by this browser's clock; null when it never does or nothing said yet. */
let deadlineMs: number | null = null;
const listeners = new Set<() => void>();

/** Reads the seconds left from an answer that carries them (a signed-in request the person caused). */
export function recordSessionAnswer(response: Response): void {
  const left = response.headers.get(SESSION_EXPIRES_IN_HEADER);
  if (left === null) {
    return;
  }
  const seconds = Number(left);
  deadlineMs = left === "never" || !Number.isFinite(seconds) ? null : Date.now() + seconds * 1000;
  for (const listener of listeners) {
    listener();
  }
}

/** For `useSyncExternalStore`: the deadline in epoch milliseconds, or null. */
export function idleDeadlineMs(): number | null {
  return deadlineMs;
}

export function subscribeIdleDeadline(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Forgets the deadline (after signing out). */
export function clearIdleDeadline(): void {
  deadlineMs = null;
  for (const listener of listeners) {
    listener();
  }
}
