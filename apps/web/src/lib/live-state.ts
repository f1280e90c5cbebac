/*
 * Whether the page's live-updates stream (lib/live-updates.ts) is open now: polled queries it covers
 * read it on each tick (lib/polling.ts). Kept apart so that neither module imports the other's imports.
 */

let isOpen = false;
const listeners = new Set<() => void>();

export function setLiveUpdating(next: boolean): void {
  if (isOpen !== next) {
    isOpen = next;
    for (const listener of listeners) {
      listener();
    }
  }
}

/** Whether the page's event stream is open now. */
export function isLiveUpdating(): boolean {
  return isOpen;
}

/** Calls `listener` whenever that changes; returns how to stop. */
export function subscribeToLiveUpdating(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
