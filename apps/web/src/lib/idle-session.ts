import { BACKGROUND_REQUEST_HEADER, SESSION_EXPIRES_IN_HEADER } from "@ferry/core/session-headers";

/*
 * The idle session timeout as the server reports it (decision 038): each answer to a request the person
 * caused says how many seconds the session has left; the signed-in shell warns a minute before and
 * signs out at the end. Polling sends BACKGROUND_HEADERS, so it neither extends the session nor moves
 * this deadline.
 *
 * Every tab of the browser shares the one session cookie, so they share the deadline too: a counted
 * answer in any tab is told to the others (BroadcastChannel, or the `storage` event where there is
 * none), and so is a sign-out, so a quiet tab neither warns nor ends the session while the person works
 * in another, and no tab stays on a signed-in page after the session ended in another.
 */

/** The headers of a request the app makes on its own (polling): not the person's activity. */
export const BACKGROUND_HEADERS = { [BACKGROUND_REQUEST_HEADER]: "1" } as const;

/** Why the session ended in a tab: the person signed out, or the idle timeout ran out. */
export type SignOutReason = "signed-out" | "idle";

/** What one tab tells the others. */
type TabMessage =
  | { readonly type: "deadline"; readonly deadlineMs: number | null }
  | { readonly type: "signed-out"; readonly reason: SignOutReason };

/** The channel's name, and the localStorage key of the fallback. */
const TAB_CHANNEL = "ferry.session";

/** When the session ends by this browser's clock; null when it never does or nothing said yet. */
let deadlineMs: number | null = null;
const deadlineListeners = new Set<() => void>();
const signOutListeners = new Set<(reason: SignOutReason) => void>();
let channel: BroadcastChannel | null | undefined;

function setDeadline(next: number | null): void {
  deadlineMs = next;
  for (const listener of deadlineListeners) {
    listener();
  }
}

function receive(message: TabMessage): void {
  if (message.type === "deadline") {
    setDeadline(message.deadlineMs);
    return;
  }
  setDeadline(null);
  for (const listener of signOutListeners) {
    listener(message.reason);
  }
}

function isTabMessage(data: unknown): data is TabMessage {
  const type = (data as { type?: unknown } | null)?.type;
  return type === "deadline" || type === "signed-out";
}

/** Opens the tabs' channel on first use: a BroadcastChannel, or null where `storage` events stand in. */
function tabChannel(): BroadcastChannel | null {
  if (channel !== undefined) {
    return channel;
  }
  if (typeof BroadcastChannel === "function") {
    channel = new BroadcastChannel(TAB_CHANNEL);
    channel.addEventListener("message", (event) => {
      if (isTabMessage(event.data)) {
        receive(event.data);
      }
    });
    return channel;
  }
  channel = null;
  // The `storage` event reaches the other tabs of the origin, never the one that wrote.
  window.addEventListener("storage", (event) => {
    if (event.key !== TAB_CHANNEL || event.newValue === null) {
      return;
    }
    const data: unknown = JSON.parse(event.newValue);
    if (isTabMessage(data)) {
      receive(data);
    }
  });
  return channel;
}

function tellOtherTabs(message: TabMessage): void {
  const open = tabChannel();
  if (open) {
    open.postMessage(message);
    return;
  }
  try {
    // A fresh nonce makes each write a change, which is what fires `storage` in the other tabs.
    localStorage.setItem(TAB_CHANNEL, JSON.stringify({ ...message, nonce: crypto.randomUUID() }));
  } catch {
    // Storage refused (private mode, quota): each tab then keeps its own deadline, as before.
  }
}

/** Reads the seconds left from an answer that carries them (a signed-in request the person caused). */
export function recordSessionAnswer(response: Response): void {
  const left = response.headers.get(SESSION_EXPIRES_IN_HEADER);
  if (left === null) {
    return;
  }
  const seconds = Number(left);
  const next = left === "never" || !Number.isFinite(seconds) ? null : Date.now() + seconds * 1000;
  setDeadline(next);
  tellOtherTabs({ type: "deadline", deadlineMs: next });
}

/** For `useSyncExternalStore`: the deadline in epoch milliseconds, or null. */
export function idleDeadlineMs(): number | null {
  return deadlineMs;
}

export function subscribeIdleDeadline(listener: () => void): () => void {
  tabChannel();
  deadlineListeners.add(listener);
  return () => {
    deadlineListeners.delete(listener);
  };
}

/** Calls `listener` when another tab of this browser signs out (the session is then gone here too). */
export function subscribeSignOutElsewhere(listener: (reason: SignOutReason) => void): () => void {
  tabChannel();
  signOutListeners.add(listener);
  return () => {
    signOutListeners.delete(listener);
  };
}

/** Forgets the deadline after this tab signed out, and tells the other tabs to leave too. */
export function announceSignOut(reason: SignOutReason): void {
  setDeadline(null);
  tellOtherTabs({ type: "signed-out", reason });
}
