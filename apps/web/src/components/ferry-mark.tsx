import { clsx } from "clsx";

/** Ferry's logo mark: two waves on an indigo tile. */
export function FerryMark({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <svg viewBox="0 0 32 32" className={clsx("shrink-0", className)} aria-hidden="true">
      <rect width="32" height="32" rx="8" fill={inverted ? "#ffffff" : "#4f46e5"} />
      <path
        d="M7 19c3 3 6 3 9 0s6-3 9 0M7 13c3 3 6 3 9 0s6-3 9 0"
        stroke={inverted ? "#4f46e5" : "#ffffff"}
        strokeWidth="2.5"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}
