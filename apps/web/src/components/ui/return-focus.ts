/**
 * Gives focus back to whatever opened a dialog. Radix returns focus only to a `Dialog.Trigger`, but
 * Ferry's dialogs are opened from state by ordinary buttons (and one dialog by another), so without
 * this a keyboard user would land on the page's body after closing one (WCAG 2.4.3 focus order).
 *
 * The opener is read from focus events rather than asked for when the dialog opens: a field with
 * `autoFocus` takes focus while React mounts the dialog, and Radix then skips its open-focus event.
 */

/** The element that last had focus outside every dialog. */
let lastFocusedOutsideDialogs: HTMLElement | null = null;
/** Each open dialog's content, and the element that had focus before focus first entered it. */
const openers = new WeakMap<Element, HTMLElement>();

if (typeof document !== "undefined") {
  // This module may arrive with a dialog that is fetched as it opens (the sign-in code dialog): the
  // element focused before then is the opener.
  const focused = document.activeElement;
  if (focused instanceof HTMLElement && focused !== document.body && !focused.closest('[role="dialog"]')) {
    lastFocusedOutsideDialogs = focused;
  }
  document.addEventListener("focusin", (event) => {
    if (!(event.target instanceof HTMLElement)) {
      return;
    }
    const dialog = event.target.closest('[role="dialog"]');
    if (!dialog) {
      lastFocusedOutsideDialogs = event.target;
    } else if (!openers.has(dialog) && lastFocusedOutsideDialogs) {
      openers.set(dialog, lastFocusedOutsideDialogs);
    }
  });
}

/**
 * The `onCloseAutoFocus` of a dialog's content: focuses its opener again, unless the opener has
 * left the page or `onCloseAutoFocus` (the caller's own, run first) prevented it.
 */
export function returnFocusToOpener(onCloseAutoFocus?: (event: Event) => void): (event: Event) => void {
  return (event) => {
    onCloseAutoFocus?.(event);
    const opener = event.target instanceof Element ? openers.get(event.target) : undefined;
    if (!event.defaultPrevented && opener?.isConnected) {
      event.preventDefault();
      opener.focus();
    }
  };
}
