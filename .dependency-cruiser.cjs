// Import boundaries (DESIGN.md "Layout", STYLE.md "Shape", decision 012), checked on every `npm test`:
//   npx depcruise apps packages scripts tests e2e bench --config .dependency-cruiser.cjs --output-type err
// plus the module-level cycle check of `.dependency-cruiser-modules.cjs`. Type-only imports count too:
// swc reads the TypeScript (TypeScript 7 has no JavaScript API for dependency-cruiser to use).
// Paths are relative to the repository root; `$1` in a `to` path is what the `from` path's group matched.

const SERVER = "^apps/server/src/";
const MODULES = `${SERVER}modules/`;
const PLUGINS = `${SERVER}plugins/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "core-imports-no-app",
      comment: "packages/core imports no app: web and server stand on core, never the other way.",
      severity: "error",
      from: { path: "^packages/core/" },
      to: { path: "^apps/" },
    },
    {
      name: "web-imports-no-server",
      comment: "apps/web does not import apps/server: share through packages/core.",
      severity: "error",
      from: { path: "^apps/web/" },
      to: { path: "^apps/server/" },
    },
    {
      name: "server-imports-no-web",
      comment: "apps/server does not import apps/web: share through packages/core.",
      severity: "error",
      from: { path: "^apps/server/" },
      to: { path: "^apps/web/" },
    },
    {
      name: "web-feature-imports-no-other-feature",
      comment:
        "A web feature does not import another feature: share through lib/ or components/, or compose " +
        "the features in app/ (routes.tsx hands one feature's dialog to another's page).",
      severity: "error",
      from: { path: "^apps/web/src/features/([^/]+)/" },
      to: { path: "^apps/web/src/features/", pathNot: "^apps/web/src/features/$1/" },
    },
    {
      name: "module-reaches-other-module-by-service-only",
      comment:
        "A server module reaches another module only through its public file, service.ts (the module's " +
        "operations); routes, queries and helpers are the module's own.",
      severity: "error",
      from: { path: `${MODULES}([^/]+)/` },
      to: { path: MODULES, pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/service\\.ts$`] },
    },
    {
      name: "queries-only-from-own-module",
      comment:
        "A module's queries.ts is the SQL on its own tables: nothing outside the module's folder imports " +
        "it, not app.ts, a plugin, a script, a test or a bench (recipients and payment methods: only " +
        "modules/destinations reads or writes them).",
      severity: "error",
      from: { pathNot: MODULES },
      to: { path: `${MODULES}[^/]+/queries\\.ts$` },
    },
    {
      name: "module-imports-no-plugin",
      comment:
        "A server module does not import plugins/: what a plugin provides reaches a module through the app " +
        "instance it decorates, handed on by app.ts, so modules do not depend on how the app is put together.",
      severity: "error",
      from: { path: MODULES },
      to: { path: PLUGINS },
    },
    {
      name: "http-imports-no-module-or-plugin",
      comment: "http/ (guards, throttle, uploads) lies under every module: it imports no module and no plugin.",
      severity: "error",
      from: { path: `${SERVER}http/` },
      to: { path: [MODULES, PLUGINS] },
    },
    {
      name: "external-plugin-imports-no-app-plugin-or-module",
      comment: "An external plugin comes before the app: it imports no app plugin and no module.",
      severity: "error",
      from: { path: `${PLUGINS}external/` },
      to: { path: [`${PLUGINS}app/`, MODULES] },
    },
    {
      name: "no-circular",
      comment: "No file reaches itself through its imports: move what both need into a third file.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    parser: "swc",
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["(^|/)node_modules/", "(^|/)dist/", "(^|/)\\.data/", "(^|/)coverage/"] },
    // Workspace packages (@ferry/core, @ferry/web…) resolve through node_modules' links to their folders.
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    skipAnalysisNotInRules: true,
  },
};
