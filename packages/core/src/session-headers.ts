/*
 * The idle timeout's wire constants (issue 27, decision 038), apart from the session schemas in
 * contracts/sessions.ts: the web's API client reads them, and it must not bring zod into the first
 * script of a public page.
 */

/**
 * The request header that marks a request the app made on its own (polling a count, re-reading the
 * session): the server checks the session's idle time but does not count it as the person's activity.
 */
export const BACKGROUND_REQUEST_HEADER = "x-ferry-background";

/**
 * The response header of a signed-in request that counted as activity: the whole seconds left before
 * the session ends if nothing else happens, or "never" when the owner chose no idle timeout.
 */
export const SESSION_EXPIRES_IN_HEADER = "x-ferry-session-expires-in";

/** How long before the idle end the web warns ("You will be signed out soon"). */
export const IDLE_WARNING_SECONDS = 60;
