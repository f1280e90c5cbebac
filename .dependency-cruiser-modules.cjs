// Server modules import each other without cycles (decision 012): module A importing B while B, directly
// or through other modules, imports A, even when no single file reaches itself. Run on the modules alone,
// so that each module folder is one node (app.ts, which imports every module, is not in the graph):
//   npx depcruise apps/server/src/modules --config .dependency-cruiser-modules.cjs
// The file-level rules are in `.dependency-cruiser.cjs`.

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-module-cycle",
      comment:
        "Server modules import each other in a cycle: move what both need behind one of them, or into " +
        "http/ or core.",
      severity: "error",
      scope: "folder",
      from: { path: "^apps/server/src/modules/[^/]+$" },
      to: { circular: true },
    },
  ],
  options: {
    parser: "swc",
    includeOnly: "^apps/server/src/modules/",
  },
};
