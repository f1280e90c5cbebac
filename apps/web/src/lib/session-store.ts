import type { Me } from "@ferry/core/contracts/profile";
import { useEffect, useSyncExternalStore } from "react";

/*
 * Who is signed in, as the first script knows it, without TanStack Query (decision 050): the public pages
 * and the route guards read it here, so a visitor's first script carries no query library. The app's
 * query client (lib/query-client.ts) writes every answer of its session query here too, so the two never
 * disagree for long: signing in, saving the profile or signing out anywhere shows on the public header.
 */

/** The signed-in person; null when nobody is; undefined until found out. */
let me: Me | null | undefined;
/** When `me` was last found out (ms since the epoch): a public page reads it again after a minute. */
let knownAt = 0;
let reading: Promise<void> | undefined;
const listeners = new Set<() => void>();

const FRESH_FOR_MS = 60_000;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session as last known. */
export function knownSession(): Me | null | undefined {
  return me;
}

/** Records who is signed in (the query client's session query, or a sign-out). */
export function rememberSession(value: Me | null): void {
  knownAt = Date.now();
  if (value === me) {
    return;
  }
  me = value;
  for (const listener of listeners) {
    listener();
  }
}

async function answerOf(path: string): Promise<unknown> {
  const request = new Request(`${globalThis.location.origin}${path}`, {
    credentials: "same-origin",
    headers: { accept: "application/json" },
  });
  const response = await fetch(request);
  return response.ok ? response.json() : null;
}

/** Back to not knowing who is signed in (the component tests, between two tests). */
export function forgetKnownSession(): void {
  me = undefined;
  knownAt = 0;
}

/**
 * Finds out who is signed in. A visitor must not cost the page an error: GET /api/v1/me answers 401
 * without a session, which the browser logs, so this first asks Better Auth's get-session (200, null
 * without one) and reads the profile only when there is a session. A failure reads as a visitor.
 */
async function readSession(): Promise<void> {
  try {
    const session = await answerOf("/api/auth/get-session");
    rememberSession(session === null ? null : ((await answerOf("/api/v1/me")) as Me | null));
  } catch {
    rememberSession(null);
  }
}

/** Reads the session unless it is known and fresh, or already being read. */
function refreshSession(): void {
  if (reading || (me !== undefined && Date.now() - knownAt < FRESH_FOR_MS)) {
    return;
  }
  reading = readSession().finally(() => {
    reading = undefined;
  });
}

/**
 * The signed-in person as last known, without asking: null until someone is known to be signed in, and
 * on the server (a pre-rendered page is a visitor's).
 */
export function useKnownSession(): Me | null {
  return useSyncExternalStore(subscribe, knownSession, () => undefined) ?? null;
}

/**
 * The signed-in person on a public page, or null for a visitor; asks the server when the answer is not
 * known or older than a minute. Null while it is being found out, so a page renders for a visitor
 * first (as it was pre-rendered) and then for the person.
 */
export function useVisitorProfile(): Me | null {
  useEffect(refreshSession, []);
  return useKnownSession();
}
