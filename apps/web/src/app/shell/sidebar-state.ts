import { useCallback, useEffect, useState } from "react";

/** Cookie that keeps the sidebar collapsed or expanded (spec §9: 7 days). */
export const SIDEBAR_COOKIE = "sidebar_state";
const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
/** Below this width the sidebar becomes a sheet (spec §9: 768 px). */
export const MOBILE_BREAKPOINT_PX = 768;

function readIsExpanded(): boolean {
  const match = document.cookie.match(new RegExp(`(?:^|; )${SIDEBAR_COOKIE}=(true|false)`));
  return match ? match[1] === "true" : true;
}

function useIsMobile(): boolean {
  const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;
  const [isMobile, setIsMobile] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const media = window.matchMedia(query);
    const onChange = () => setIsMobile(media.matches);
    media.addEventListener("change", onChange);
    return () => media.removeEventListener("change", onChange);
  }, [query]);
  return isMobile;
}

/**
 * The sidebar's state: expanded or collapsed to icons on wide screens (kept in a cookie), and a
 * sheet that opens and closes on narrow ones. Ctrl+B or Cmd+B toggles whichever applies.
 */
export function useSidebarState() {
  const isMobile = useIsMobile();
  const [isExpanded, setIsExpanded] = useState(readIsExpanded);
  const [isSheetOpen, setIsSheetOpen] = useState(false);

  const setExpanded = useCallback((value: boolean) => {
    setIsExpanded(value);
    // The Cookie Store API is missing from some supported browsers; this fixed, unescaped value needs no encoding.
    // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps the sidebar state in a 7-day cookie.
    document.cookie = `${SIDEBAR_COOKIE}=${value}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) {
      setIsSheetOpen((value) => !value);
    } else {
      setExpanded(!isExpanded);
    }
  }, [isMobile, isExpanded, setExpanded]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key.toLowerCase() === "b" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        toggle();
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggle]);

  return { isMobile, isExpanded, isSheetOpen, setIsSheetOpen, toggle };
}
