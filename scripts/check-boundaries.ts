// Import boundaries (DESIGN.md "Layout", STYLE.md "Shape"), checked on every `npm test`:
//   node scripts/check-boundaries.ts [root]
// It reads the import specifiers of every .ts/.tsx file under apps/ and packages/ and fails with
// file:line and the rule for each import that crosses a boundary.
import { type Dirent, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The files of a server module that another module may import, for now: its services and the
 * auth module's guards and throttle. A later change narrows this to each module's public file.
 */
export const SERVER_MODULE_PUBLIC_FILES: readonly string[] = ["service.ts", "guards.ts", "throttle.ts", "queries.ts"];

/**
 * Imports between server modules that broke the rule before it was enforced, as "importer -> target".
 * They are being moved behind each module's public file; this list may only shrink. An entry that no
 * longer occurs fails the check too, so it is deleted as soon as its import is fixed.
 */
export const KNOWN_SERVER_MODULE_EXCEPTIONS: readonly string[] = [
  "apps/server/src/modules/auth/auth.ts -> apps/server/src/modules/mail/outbox.ts",
  "apps/server/src/modules/auth/auth.ts -> apps/server/src/modules/mail/templates.ts",
  "apps/server/src/modules/auth/limits.ts -> apps/server/src/modules/mail/outbox.ts",
  "apps/server/src/modules/auth/limits.ts -> apps/server/src/modules/mail/templates.ts",
  "apps/server/src/modules/auth/service.ts -> apps/server/src/modules/mail/outbox.ts",
  "apps/server/src/modules/auth/service.ts -> apps/server/src/modules/mail/templates.ts",
  "apps/server/src/modules/payment-methods/service.ts -> apps/server/src/modules/transfers/codes.ts",
  "apps/server/src/modules/transfers/service.ts -> apps/server/src/modules/mail/outbox.ts",
  "apps/server/src/modules/transfers/service.ts -> apps/server/src/modules/mail/templates.ts",
];

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
    return `server module "${importerModule.module}" reaches into module "${targetModule.module}": import only its public files (${SERVER_MODULE_PUBLIC_FILES.join(", ")})`;
  }
  return null;
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
  for (const file of [...sourceFilesUnder(root, "apps"), ...sourceFilesUnder(root, "packages")]) {
    const source = readFileSync(path.join(root, file), "utf8");
    for (const { specifier, line } of importSpecifiersOf(source)) {
      const target = resolveTarget(file, specifier);
      const rule = target ? ruleBrokenBy(file, target) : null;
      const pair = `${file} -> ${target}`;
      if (rule && knownExceptions.includes(pair)) {
        unseenExceptions.delete(pair);
      } else if (rule) {
        violations.push({ file, line, specifier, rule });
      }
    }
  }
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
