/*
 * Ferry's Content-Security-Policy forbids eval. zod would try `new Function` once to learn whether its
 * faster, generated parsers may run, and the browser reports that attempt as a CSP violation (an issue
 * Lighthouse counts against best practices). zod's own `jitless` setting tells it not to try. It is set
 * on the global object zod reads its settings from, before any module loads zod, so that setting it
 * does not bring zod into the first script.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
