import { clsx } from "clsx";
import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { Link } from "react-router";
import { useIsHydrated } from "../../lib/use-is-hydrated.ts";

/*
 * A menu button (WAI-ARIA APG "Menu Button" pattern) for the public header: a trigger and a list of
 * `menuitem`s under it. It is written here rather than taken from Radix because the header is part of
 * the first script every visitor downloads, and Radix's menu brings a popper, a collection, roving
 * focus and a scroll lock with it, about a fifth of that script (decision 021).
 *
 * Keyboard: Enter, Space or ArrowDown opens the menu and focuses its first entry, ArrowUp its last;
 * ArrowUp, ArrowDown, Home and End move through the entries; Escape closes it and gives focus back to
 * the trigger; Tab closes it and moves on from the trigger. Clicking outside or choosing an entry closes it.
 */

/** Gap between the space the page leaves and the menu's edge when it would overflow the viewport. */
const VIEWPORT_MARGIN_PX = 16;

const MenuContext = createContext<(() => void) | null>(null);

function useCloseMenu(): () => void {
  const close = useContext(MenuContext);
  if (!close) {
    throw new Error("A menu entry must be inside a <Menu>");
  }
  return close;
}

interface MenuProps {
  /** What the trigger shows (its accessible name included). */
  trigger: ReactNode;
  triggerClassName?: string;
  contentClassName?: string;
  /** Which edge of the trigger the menu lines up with. */
  align?: "start" | "end";
  children: ReactNode;
}

function entriesOf(content: HTMLElement | null): HTMLElement[] {
  return content ? [...content.querySelectorAll<HTMLElement>('[role="menuitem"]')] : [];
}

/** Keeps an open menu on screen on a narrow window, then focuses its first or last entry. */
function placeMenu(content: HTMLElement, initialFocus: "first" | "last") {
  // Move it back by what it would overflow.
  content.style.translate = "";
  const { left, right } = content.getBoundingClientRect();
  const overflow =
    right > window.innerWidth - VIEWPORT_MARGIN_PX
      ? right - (window.innerWidth - VIEWPORT_MARGIN_PX)
      : Math.min(0, left - VIEWPORT_MARGIN_PX);
  if (overflow !== 0) {
    content.style.translate = `${-overflow}px 0`;
  }
  const entries = entriesOf(content);
  (initialFocus === "first" ? entries[0] : entries.at(-1))?.focus();
}

/**
 * Closes the menu when a pointer goes down anywhere outside `root`, or on Escape wherever focus is (in
 * the menu, on its trigger, or on the page's body after the focused entry went away), and then gives
 * focus back to the trigger.
 */
function useDismiss(
  open: boolean,
  root: RefObject<HTMLElement | null>,
  trigger: RefObject<HTMLElement | null>,
  close: () => void,
) {
  useEffect(() => {
    if (!open) {
      return;
    }
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) {
        close();
      }
    };
    const closeOnEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        close();
        trigger.current?.focus();
      }
    };
    document.addEventListener("pointerdown", closeOnOutsidePointer);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("pointerdown", closeOnOutsidePointer);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [open, root, trigger, close]);
}

/** ArrowDown opens the menu on its first entry, ArrowUp on its last (Enter and Space click the button). */
function onTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>, openAt: (entry: "first" | "last") => void) {
  if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    event.preventDefault();
    openAt(event.key === "ArrowDown" ? "first" : "last");
  }
}

/** The keys of an open menu (see the comment at the top): moving, choosing, and leaving it. */
function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>, trigger: HTMLButtonElement | null, closeMenu: () => void) {
  const entries = entriesOf(event.currentTarget);
  const current = entries.indexOf(document.activeElement as HTMLElement);
  const moveTo = (index: number) => {
    event.preventDefault();
    entries[(index + entries.length) % entries.length]?.focus();
  };
  switch (event.key) {
    case "ArrowDown":
      return moveTo(current + 1);
    case "ArrowUp":
      return moveTo(current < 0 ? -1 : current - 1);
    case "Home":
      return moveTo(0);
    case "End":
      return moveTo(-1);
    case "Tab":
      // From the trigger, the browser's Tab (or Shift+Tab) lands after (or before) the menu button.
      trigger?.focus();
      return closeMenu();
    case " ":
      // Space chooses an entry, as Enter does (a link would otherwise scroll the page).
      if (current >= 0) {
        event.preventDefault();
        entries[current]?.click();
      }
      return;
  }
}

export function Menu({ trigger, triggerClassName, contentClassName, align = "start", children }: MenuProps) {
  const [open, setOpen] = useState(false);
  // Which entry takes focus when the menu opens: the first, or the last (opened with ArrowUp).
  const [initialFocus, setInitialFocus] = useState<"first" | "last">("first");
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const triggerId = useId();
  const contentId = useId();
  const isHydrated = useIsHydrated();
  const close = useCallback(() => setOpen(false), []);

  useLayoutEffect(() => {
    if (open && contentRef.current) {
      placeMenu(contentRef.current, initialFocus);
    }
  }, [open, initialFocus]);
  useDismiss(open, rootRef, triggerRef, close);

  const openAt = (entry: "first" | "last") => {
    setInitialFocus(entry);
    setOpen(true);
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? contentId : undefined}
        data-state={open ? "open" : "closed"}
        // A pre-rendered page's menu opens once React has taken it over: a press before that would be lost.
        disabled={!isHydrated}
        className={triggerClassName}
        onClick={() => (open ? close() : openAt("first"))}
        onKeyDown={(event) => onTriggerKeyDown(event, openAt)}
      >
        {trigger}
      </button>
      {open ? (
        <MenuContext value={close}>
          <div
            ref={contentRef}
            id={contentId}
            role="menu"
            aria-labelledby={triggerId}
            aria-orientation="vertical"
            tabIndex={-1}
            className={clsx(
              "absolute top-full z-50 mt-2.5 outline-none",
              align === "start" ? "left-0" : "right-0",
              contentClassName,
            )}
            onKeyDown={(event) => onMenuKeyDown(event, triggerRef.current, close)}
            onBlur={(event) => {
              // Focus left the menu for somewhere else on the page (a click elsewhere, or Shift+Tab).
              if (event.relatedTarget instanceof Node && !rootRef.current?.contains(event.relatedTarget)) {
                close();
              }
            }}
          >
            {children}
          </div>
        </MenuContext>
      ) : null}
    </div>
  );
}

/** An entry that goes to a page of the app. */
export function MenuLink({ onClick, ...props }: ComponentProps<typeof Link>) {
  const close = useCloseMenu();
  return (
    <Link
      role="menuitem"
      tabIndex={-1}
      {...props}
      onClick={(event) => {
        onClick?.(event);
        close();
      }}
    />
  );
}

/** An entry that does something where it is (Sign Out). */
export function MenuAction({
  onSelect,
  ...props
}: Omit<ComponentProps<"button">, "onClick"> & { onSelect: () => void }) {
  const close = useCloseMenu();
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      {...props}
      onClick={() => {
        close();
        onSelect();
      }}
    />
  );
}

export function MenuSeparator({ className }: { className?: string }) {
  return <hr className={clsx("border-0", className)} />;
}
