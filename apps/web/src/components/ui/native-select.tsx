import { ChevronDownIcon } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/cn.ts";
import { useIsHydrated } from "../../lib/use-is-hydrated.ts";

/**
 * A styled native select: fully accessible and keyboard-friendly on every platform. Disabled until a
 * pre-rendered page has hydrated (a select has no read-only state), as `Input` says why.
 */
export function NativeSelect({ className, children, disabled, ...props }: React.ComponentProps<"select">) {
  const isHydrated = useIsHydrated();
  return (
    <div className="relative">
      <select
        className={cn(
          "flex h-10 w-full appearance-none rounded-md border border-input bg-card px-3 py-2 pr-9 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive",
          className,
        )}
        {...props}
        disabled={disabled || !isHydrated}
      >
        {children}
      </select>
      <ChevronDownIcon className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
    </div>
  );
}
