/*
 * Dates and times as the person reads them: in their language and their chosen time zone, through the
 * one formatting module (issue 29).
 */
import { format } from "../i18n/i18n.tsx";

/** A moment as people read it in a list: "Mar 12, 2026, 2:05 PM", "12.03.2026, 14:05". */
export function formatDateTime(iso: string): string {
  return format().dateTime(iso);
}

/** A time of day, or the date and time when it is not today: for due times, which are near. */
export function formatDueTime(iso: string, nowMs: number = Date.now()): string {
  const formatter = format();
  if (formatter.isoDate(iso) === formatter.isoDate(new Date(nowMs))) {
    return formatter.time(iso);
  }
  return formatter.dateTime(iso);
}

/** How far a moment is from now, in the largest unit that fits: "in 45 minutes", "3 hours ago", "yesterday". */
export function formatRelativeTime(iso: string, nowMs: number = Date.now()): string {
  return format().relative(iso, nowMs);
}
