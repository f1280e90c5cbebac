import { useSyncExternalStore } from "react";

const neverChanges = () => () => {};

/**
 * False while the page is pre-rendered HTML (the build's render, and the browser's render that hydrates
 * it), true from the render after; true from the first render of a page rendered in the browser. Until
 * then a pre-rendered form's fields are read-only (components/ui/input.tsx) and its submit button
 * disabled (components/ui/button.tsx): before its script runs, the browser would submit it natively.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
