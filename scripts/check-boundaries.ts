// Import boundaries (DESIGN.md "Layout", STYLE.md "Shape"), checked on every `npm test`:
//   node scripts/check-boundaries.ts [root]
// It reads the import specifiers of every .ts/.tsx file under apps/ and packages/ and fails with
// file:line and the rule for each import that crosses a boundary:
// - packages/core imports no app; apps/web and apps/server do not import each other;
// - a web feature does not import another feature;
// - the server stands in layers (docs/decisions/012-plugin-layout.md): http/ (guards, throttle) under
//   every module; modules/<name>/; plugins/external/ then plugins/app/; app.ts composing them all.
//   A module never imports plugins/: what a plugin provides reaches a module through the app instance
//   it decorates (app.ts hands it on), so modules do not depend on how the app is put together.
//   http/ imports no module and no plugin; an external plugin imports no app plugin and no module;
//   app plugins and app.ts may import any module file (they are where modules are wired up);
// - a server module reaches another module only through its public file (service.ts), and modules
//   import each other without cycles.
import { type Dirent, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The file of a server module that another module may import: its service, the module's public
 * operations. Everything else in the folder (routes, queries, helpers) is the module's own.
 */
export const SERVER_MODULE_PUBLIC_FILES: readonly string[] = ["service.ts"];

/**
 * Imports that break a rule but are tolerated for now, as "importer -> target". None are left; an
 * entry may be added only with a reason beside it and the issue that removes it. An entry that no
 * longer occurs fails the check too, so it is deleted as soon as its import is fixed.
 */
export const KNOWN_SERVER_MODULE_EXCEPTIONS: readonly string[] = [];

/** Workspace package names and the folder each one's imports resolve into. */
const WORKSPACE_PACKAGES: Readonly<Record<string, string>> = {
  "@ferry/core": "packages/core/src",
  "@ferry/web": "apps/web/src",
  "@ferry/server": "apps/server/src",
};

const SKIPPED_DIRECTORIES = new Set(["node_modules", "dist", "build", "coverage", ".data"]);

export interface Violation {
  /** Path of the importing file, relative to the root, with forward slashes. */
  readonly file: string;
  readonly line: number;
  readonly specifier: string;
  readonly rule: string;
}

interface ImportSpecifier {
  readonly specifier: string;
  readonly line: number;
}

// Statements start a line; the clause between `import` and `from` holds only names, braces, commas,
// `* as`, `type` and whitespace, so text in strings or JSX cannot pass for an import.
const STATIC_IMPORT = /^[ \t]*import\s+(?:type\s+)?[\w$*{}\s,]*?\s*from\s*["']([^"'\n]+)["']/gm;
const SIDE_EFFECT_IMPORT = /^[ \t]*import\s*["']([^"'\n]+)["']/gm;
const RE_EXPORT = /^[ \t]*export\s+(?:type\s+)?(?:\*(?:\s+as\s+[\w$]+)?|\{[\w$\s,]*\})\s*from\s*["']([^"'\n]+)["']/gm;
const DYNAMIC_IMPORT = /\bimport\s*\(\s*["']([^"'\n]+)["']\s*\)/g;
// A block comment that starts a line (JSDoc and friends) may quote an import; it is not one.
const LEADING_BLOCK_COMMENT = /^[ \t]*\/\*[\s\S]*?\*\//gm;

/** Blanks out a match, keeping its newlines so line numbers stay right. */
function blank(text: string): string {
  return text.replace(/[^\n]/g, " ");
}

/** The import and re-export specifiers of one TypeScript source, each with its 1-based line. */
export function importSpecifiersOf(source: string): ImportSpecifier[] {
  const code = source.replace(LEADING_BLOCK_COMMENT, blank);
  const found: ImportSpecifier[] = [];
  for (const pattern of [STATIC_IMPORT, SIDE_EFFECT_IMPORT, RE_EXPORT, DYNAMIC_IMPORT]) {
    for (const match of code.matchAll(pattern)) {
      const specifierOffset = (match.index ?? 0) + match[0].lastIndexOf(match[1]);
      const line = code.slice(0, specifierOffset).split("\n").length;
      found.push({ specifier: match[1], line });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

/** Where an import lands, relative to the root ("apps/web/src/lib/api.ts"), or null for an outside package. */
function resolveTarget(importer: string, specifier: string): string | null {
  if (specifier.startsWith(".")) {
    return path.posix.normalize(path.posix.join(path.posix.dirname(importer), specifier));
  }
  for (const [name, folder] of Object.entries(WORKSPACE_PACKAGES)) {
    if (specifier === name || specifier.startsWith(`${name}/`)) {
      return path.posix.join(folder, specifier.slice(name.length));
    }
  }
  return null;
}

/** The folder of a web feature a path lies in ("transfers"), or null outside `apps/web/src/features/`. */
function webFeatureOf(file: string): string | null {
  const match = /^apps\/web\/src\/features\/([^/]+)\//.exec(file);
  return match ? match[1] : null;
}

/** The server layer a path lies in, or null for the rest of apps/server (app.ts, config, db, errors…). */
function serverLayerOf(file: string): "http" | "modules" | "external-plugins" | "app-plugins" | null {
  if (file.startsWith("apps/server/src/http/")) {
    return "http";
  }
  if (file.startsWith("apps/server/src/modules/")) {
    return "modules";
  }
  if (file.startsWith("apps/server/src/plugins/external/")) {
    return "external-plugins";
  }
  if (file.startsWith("apps/server/src/plugins/app/")) {
    return "app-plugins";
  }
  return null;
}

/** The rule a server import breaks by crossing layers the wrong way, or null. */
function serverLayerRuleBrokenBy(importer: string, target: string): string | null {
  const importerLayer = serverLayerOf(importer);
  const targetLayer = serverLayerOf(target);
  const isPlugin = targetLayer === "external-plugins" || targetLayer === "app-plugins";
  if (importerLayer === "modules" && isPlugin) {
    return "a server module does not import plugins/: use what the plugin decorates the app with, handed on by app.ts";
  }
  if (importerLayer === "http" && (targetLayer === "modules" || isPlugin)) {
    return "http/ lies under every module: it imports no module and no plugin";
  }
  if (importerLayer === "external-plugins" && (targetLayer === "modules" || targetLayer === "app-plugins")) {
    return "an external plugin comes before the app: it imports no app plugin and no module";
  }
  return null;
}

/** A server module and the file's path inside it, or null outside `apps/server/src/modules/`. */
function serverModuleOf(file: string): { module: string; inner: string } | null {
  const match = /^apps\/server\/src\/modules\/([^/]+)\/(.+)$/.exec(file);
  return match ? { module: match[1], inner: match[2] } : null;
}

function appOf(file: string): "web" | "server" | null {
  if (file.startsWith("apps/web/")) {
    return "web";
  }
  if (file.startsWith("apps/server/")) {
    return "server";
  }
  return null;
}

/** The rule an import breaks, or null when it may be made. */
export function ruleBrokenBy(importer: string, target: string): string | null {
  if (importer.startsWith("packages/core/") && target.startsWith("apps/")) {
    return "packages/core imports no app: web and server stand on core, never the other way";
  }
  const importerApp = appOf(importer);
  const targetApp = appOf(target);
  if (importerApp && targetApp && importerApp !== targetApp) {
    return `apps/${importerApp} does not import apps/${targetApp}: share through packages/core`;
  }
  const importerFeature = webFeatureOf(importer);
  const targetFeature = webFeatureOf(target);
  if (importerFeature && targetFeature && importerFeature !== targetFeature) {
    return `web feature "${importerFeature}" does not import feature "${targetFeature}": share through lib/ or components/, or compose in app/`;
  }
  const importerModule = serverModuleOf(importer);
  const targetModule = serverModuleOf(target);
  if (
    importerModule &&
    targetModule &&
    importerModule.module !== targetModule.module &&
    !SERVER_MODULE_PUBLIC_FILES.includes(targetModule.inner)
  ) {
    return `server module "${importerModule.module}" reaches into module "${targetModule.module}": import only its public file (${SERVER_MODULE_PUBLIC_FILES.join(", ")})`;
  }
  return serverLayerRuleBrokenBy(importer, target);
}

/** One import from one server module into another: the first place it is made. */
interface ModuleEdge {
  readonly file: string;
  readonly line: number;
  readonly specifier: string;
}

/** A path of modules from `from` to `to` along `edges` ("a -> b -> c"), or null when there is none. */
function modulePathBetween(
  edges: ReadonlyMap<string, ReadonlyMap<string, ModuleEdge>>,
  from: string,
  to: string,
): string[] | null {
  const cameFrom = new Map<string, string>([[from, from]]);
  const queue = [from];
  while (queue.length > 0) {
    const current = queue.shift() as string;
    if (current === to) {
      const route = [to];
      while (route[0] !== from) {
        route.unshift(cameFrom.get(route[0]) as string);
      }
      return route;
    }
    for (const next of edges.get(current)?.keys() ?? []) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}

/**
 * Every import between server modules that closes a cycle (module A imports B while B, directly or
 * through others, imports A), reported at the first import of each edge on a cycle.
 */
export function findModuleCycles(edges: ReadonlyMap<string, ReadonlyMap<string, ModuleEdge>>): Violation[] {
  const violations: Violation[] = [];
  for (const [importer, targets] of edges) {
    for (const [target, edge] of targets) {
      const back = modulePathBetween(edges, target, importer);
      if (back) {
        violations.push({
          file: edge.file,
          line: edge.line,
          specifier: edge.specifier,
          rule: `server modules import each other in a cycle (${[importer, ...back].join(" -> ")}): move what both need behind one of them, or into http/ or core`,
        });
      }
    }
  }
  return violations;
}

/** Every .ts/.tsx file under `directory`, relative to `root`, skipping dependencies and build output. */
function sourceFilesUnder(root: string, directory: string): string[] {
  const files: string[] = [];
  let entries: Dirent[];
  try {
    entries = readdirSync(path.join(root, directory), { withFileTypes: true });
  } catch {
    return files;
  }
  for (const entry of entries) {
    const relative = path.posix.join(directory, entry.name);
    if (entry.isDirectory() && !SKIPPED_DIRECTORIES.has(entry.name)) {
      files.push(...sourceFilesUnder(root, relative));
    } else if (entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
      files.push(relative);
    }
  }
  return files;
}

/**
 * Every import under `root`'s apps/ and packages/ that crosses a boundary, less the known exceptions;
 * plus each known exception that no longer occurs, so the list cannot outlive its imports.
 */
export function findViolations(
  root: string,
  knownExceptions: readonly string[] = KNOWN_SERVER_MODULE_EXCEPTIONS,
): Violation[] {
  const violations: Violation[] = [];
  const unseenExceptions = new Set(knownExceptions);
  const moduleEdges = new Map<string, Map<string, ModuleEdge>>();
  for (const file of [...sourceFilesUnder(root, "apps"), ...sourceFilesUnder(root, "packages")]) {
    const source = readFileSync(path.join(root, file), "utf8");
    for (const { specifier, line } of importSpecifiersOf(source)) {
      const target = resolveTarget(file, specifier);
      const importerModule = serverModuleOf(file)?.module;
      const targetModule = target ? serverModuleOf(target)?.module : undefined;
      if (importerModule && targetModule && importerModule !== targetModule) {
        const targets = moduleEdges.get(importerModule) ?? new Map<string, ModuleEdge>();
        if (!targets.has(targetModule)) {
          targets.set(targetModule, { file, line, specifier });
        }
        moduleEdges.set(importerModule, targets);
      }
      const rule = target ? ruleBrokenBy(file, target) : null;
      const pair = `${file} -> ${target}`;
      if (rule && knownExceptions.includes(pair)) {
        unseenExceptions.delete(pair);
      } else if (rule) {
        violations.push({ file, line, specifier, rule });
      }
    }
  }
  violations.push(...findModuleCycles(moduleEdges));
  for (const pair of unseenExceptions) {
    violations.push({
      file: "scripts/check-boundaries.ts",
      line: 0,
      specifier: pair,
      rule: "this known exception no longer occurs: delete it from KNOWN_SERVER_MODULE_EXCEPTIONS",
    });
  }
  return violations;
}

function main(): void {
  const root = path.resolve(process.argv[2] ?? ".");
  const violations = findViolations(root);
  for (const violation of violations) {
    console.error(`${violation.file}:${violation.line}: imports "${violation.specifier}": ${violation.rule}`);
  }
  if (violations.length > 0) {
    console.error(`\n✖ ${violations.length} import boundary violation(s).`);
    process.exit(1);
  }
  console.log("✔ Import boundaries hold.");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main();
}
