const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const RELATIVE = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });

/** A moment as people read it in a list: "12 Mar 2026, 14:05" in their own locale. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
}

/** A time of day, or the date and time when it is not today: for due times, which are near. */
export function formatDueTime(iso: string, nowMs: number = Date.now()): string {
  const date = new Date(iso);
  if (date.toDateString() === new Date(nowMs).toDateString()) {
    return date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  }
  return formatDateTime(iso);
}

/** How far a moment is from now, in the largest unit that fits: "in 45 minutes", "3 hours ago", "yesterday". */
export function formatRelativeTime(iso: string, nowMs: number = Date.now()): string {
  const diffMs = new Date(iso).getTime() - nowMs;
  const size = Math.abs(diffMs);
  if (size < MINUTE_MS) {
    return diffMs >= 0 ? "in under a minute" : "just now";
  }
  if (size < HOUR_MS) {
    return RELATIVE.format(Math.trunc(diffMs / MINUTE_MS), "minute");
  }
  if (size < DAY_MS) {
    return RELATIVE.format(Math.trunc(diffMs / HOUR_MS), "hour");
  }
  return RELATIVE.format(Math.trunc(diffMs / DAY_MS), "day");
}
