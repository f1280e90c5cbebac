import { useSyncExternalStore } from "react";

const neverChanges = () => () => {};

/**
 * False while the page is pre-rendered HTML (the build's render, and the browser's render that hydrates
 * it), true from the render after. A pre-rendered form disables its submit button until then: before
 * its script runs, the browser would submit it natively, putting the fields in the address.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
