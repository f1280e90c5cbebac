import type * as React from "react";
import { cn } from "../../lib/cn.ts";
import { useIsHydrated } from "../../lib/use-is-hydrated.ts";

/** A multi-line field; read-only until a pre-rendered page has hydrated, as `Input` says why. */
export function Textarea({ className, readOnly, ...props }: React.ComponentProps<"textarea">) {
  const isHydrated = useIsHydrated();
  return (
    <textarea
      className={cn(
        "flex min-h-24 w-full rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive",
        className,
      )}
      {...props}
      readOnly={readOnly || !isHydrated}
    />
  );
}
