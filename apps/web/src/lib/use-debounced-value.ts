import { useEffect, useState } from "react";

/** The value as it was `delayMs` after it last changed: typing does not fire a request per key. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** How long a list's search box waits after the last key before the list asks the server again. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box's text and the term its list filters by: the text trimmed, settled SEARCH_DEBOUNCE_MS
 * after the last key, so typing a name asks the server once rather than once per letter.
 */
export function useSearchTerm() {
  const [text, setText] = useState("");
  const term = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  return { text, setText, term };
}
