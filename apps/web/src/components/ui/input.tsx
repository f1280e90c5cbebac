import type * as React from "react";
import { cn } from "../../lib/cn.ts";
import { useIsHydrated } from "../../lib/use-is-hydrated.ts";

/*
 * Until a pre-rendered page has hydrated, its fields cannot be changed (read-only; a select disabled):
 * React would not see what was typed, and react-hook-form would reset it when it takes the field over.
 * On a page rendered in the browser they are editable from the first render (useIsHydrated).
 */

export function Input({ className, readOnly, ...props }: React.ComponentProps<"input">) {
  const isHydrated = useIsHydrated();
  return (
    <input
      className={cn(
        "flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive",
        className,
      )}
      {...props}
      readOnly={readOnly || !isHydrated}
    />
  );
}
