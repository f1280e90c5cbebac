import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { EARLY_READS_META_NAME, EARLY_READS_SCRIPT, earlyReadsOf } from "@ferry/core/early-reads";
import {
  PRERENDERED_DIR,
  type PrerenderedPage,
  PUBLIC_ORIGIN_PLACEHOLDER,
  prerenderedFileOf,
  SCRIPTS_AFTER_FIRST_PAINT,
  SCRIPTS_META_NAME,
  SHELLS_DIR,
} from "@ferry/core/public-pages";
import type { Plugin } from "vite";

/*
 * Pre-rendering (decision 021): each public marketing page is rendered once at build time by the
 * server-side build of src/prerender.tsx and written to dist/prerendered/<path>.html — the built
 * index.html with the page's markup in #root and its own <title>, meta description and canonical link
 * in <head>. The page shows before any script runs; main.tsx then hydrates it. Every other page gets a
 * shell (dist/shells/<path>.html): index.html naming the page's chunks as preloads.
 */

/** What the server-side build of src/prerender.tsx exports. */
interface PrerenderEntry {
  PRERENDERED_PAGES: readonly PrerenderedPage[];
  SHELL_PATHS: readonly string[];
  /** The source modules (relative to apps/web) the routes of a path load lazily, without rendering. */
  routeModules(path: string): Promise<string[]>;
  /** The page's markup, and the source modules (relative to apps/web) its routes loaded lazily. */
  renderPage(path: string, language: PrerenderedPage["language"]): Promise<{ html: string; modules: string[] }>;
}

/** The module routes.tsx's lazy imports are counted in (prerender.tsx reads and resets it per page). */
const IMPORTED_MODULES_GLOBAL = "__ferryPrerenderImports";

/**
 * A Vite plugin for the server-side build only: each dynamic import in app/routes.tsx also records the
 * module it loads (its path from apps/web), so pre-rendering knows which chunks of the browser build a
 * page needs and can name them in `<link rel="modulepreload">`: the browser then fetches them with the
 * first script, not after it, and hydrates sooner.
 */
export function trackPageImports(): Plugin {
  let root = "";
  return {
    name: "ferry-track-page-imports",
    applyToEnvironment: (environment) => environment.name === "ssr",
    configResolved(config) {
      root = config.root;
    },
    transform(code, id) {
      if (!id.endsWith(`${path.sep}src${path.sep}app${path.sep}routes.tsx`)) {
        return null;
      }
      return code.replace(/\bimport\("(\.{1,2}\/[^"]+)"\)/g, (call, specifier: string) => {
        const source = path
          .relative(root, path.resolve(path.dirname(id), specifier))
          .split(path.sep)
          .join("/");
        return `(globalThis.${IMPORTED_MODULES_GLOBAL}?.add(${JSON.stringify(source)}), ${call})`;
      });
    },
  };
}

/** Where recordChunkModules writes its map, beside Vite's manifest (both deleted after pre-rendering). */
export const CHUNK_MODULES_FILE = ".vite/chunk-modules.json";

/**
 * A Vite plugin for the browser build only: writes which chunk file holds each source module (its path
 * from apps/web) to CHUNK_MODULES_FILE. Vite's manifest names a chunk by its entry module, but a module
 * put in a shared group (vite.config.ts's "signed-in") has no entry of its own there: this map finds its
 * chunk. A file, not memory: Vite loads its config once per environment.
 */
export function recordChunkModules(): Plugin {
  let root = "";
  return {
    name: "ferry-record-chunk-modules",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunkFileOf: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        for (const moduleId of output.type === "chunk" ? output.moduleIds : []) {
          chunkFileOf[path.relative(root, moduleId).split(path.sep).join("/")] = output.fileName;
        }
      }
      this.emitFile({ type: "asset", fileName: CHUNK_MODULES_FILE, source: JSON.stringify(chunkFileOf) });
    },
  };
}

/** One entry of Vite's build manifest (.vite/manifest.json), keyed by source path. */
interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The chunk files of `sources` and of everything they import statically, minus `entryFiles` (the
 * template's own scripts) and what those import.
 */
function chunkFilesOf(
  manifest: Record<string, ManifestChunk>,
  sources: readonly string[],
  entryFiles: readonly string[],
  chunkFileOf: Readonly<Record<string, string>>,
): string[] {
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const visit = (source: string, into: Set<string>) => {
    // A source with no entry of its own is in a shared chunk: that chunk's entry.
    const key = manifest[source] ? source : keyOfFile.get(chunkFileOf[source] ?? "");
    const chunk = key === undefined ? undefined : manifest[key];
    if (!chunk || into.has(chunk.file)) {
      return;
    }
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) {
      visit(imported, into);
    }
  };
  const loadedByEntry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (entryFiles.includes(chunk.file)) {
      visit(key, loadedByEntry);
    }
  }
  const files = new Set<string>();
  for (const source of sources) {
    visit(source, files);
  }
  return [...files].filter((file) => !loadedByEntry.has(file));
}

/** The tags React 19 hoists to the document head (PageMeta's title, description and canonical link). */
const HOISTED_TAG = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>)/;

/**
 * Splits a render into the hoisted head tags React emits before the markup (rendering a tree that is
 * not a whole document, it writes them first) and the markup itself.
 */
export function splitHoistedTags(rendered: string): { headTags: string[]; markup: string } {
  const headTags: string[] = [];
  let rest = rendered;
  for (let match = HOISTED_TAG.exec(rest); match; match = HOISTED_TAG.exec(rest)) {
    headTags.push(match[0]);
    rest = rest.slice(match[0].length);
  }
  return { headTags, markup: rest };
}

/**
 * The canonical and alternate links' addresses made absolute with the placeholder origin the server
 * replaces with its PUBLIC_URL: a build does not know where it will be served, and search engines want
 * absolute addresses.
 */
function withAbsoluteCanonical(tag: string): string {
  return tag.replace(
    /(<link\b[^>]*\brel="(?:canonical|alternate)"[^>]*\bhref=")(\/[^"]*)"/,
    `$1${PUBLIC_ORIGIN_PLACEHOLDER}$2"`,
  );
}

/**
 * The page's HTML: the template with the page's markup in #root and its head tags in <head>. The page's
 * <title> goes before the template's, which stays as the fallback: browsers show the first, React
 * adopts the first when it hydrates and removes it when the page goes (a later page without a title of
 * its own then shows the site's). The template's description gives way to the page's.
 */
export function fillTemplate(template: string, headTags: readonly string[], markup: string): string {
  let html = template;
  if (headTags.some((tag) => /^<meta\b[^>]*\bname="description"/.test(tag))) {
    html = html.replace(/<meta name="description"[^>]*>\s*/, "");
  }
  if (!html.includes('<div id="root"></div>') || !html.includes("</head>") || !html.includes("<title>")) {
    throw new Error("dist/index.html has no empty #root, <title> or </head>: the pre-render template changed");
  }
  const titles = headTags.filter((tag) => tag.startsWith("<title>"));
  const others = headTags.filter((tag) => !tag.startsWith("<title>")).map(withAbsoluteCanonical);
  return (
    html
      // Replacement functions: page text may hold "$&" or "$'", which a replacement string would expand.
      .replace("<title>", () => [...titles, "<title>"].join("\n    "))
      .replace("</head>", () => `  ${others.join("\n    ")}\n  </head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`)
  );
}

/** A stylesheet link of the built index.html: `<link rel="stylesheet" crossorigin href="/assets/app-….css">`. */
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*\bhref="(\/assets\/[^"]+\.css)"[^>]*>/g;

/**
 * The template with its stylesheets inlined: a pre-rendered page then paints from its HTML alone, with no
 * render-blocking request (Lighthouse counts a round trip of the slow mobile network for it). The
 * stylesheet is ~12 KB compressed; the app's own index.html keeps the cached link.
 */
async function withInlinedStylesheets(template: string, distDir: string): Promise<string> {
  let html = template;
  for (const [link, href] of template.matchAll(STYLESHEET_LINK)) {
    const css = await readFile(path.join(distDir, href), "utf8");
    if (css.includes("</style")) {
      throw new Error(`${href} cannot be inlined: it contains "</style"`);
    }
    html = html.replace(link, () => `<style>${css}</style>`);
  }
  return html;
}

/** The built index.html's first script and its preloads: `<script type="module" … src>`, `<link rel="modulepreload" … href>`. */
const MODULE_TAG =
  /\s*<(?:script type="module"[^>]*\bsrc|link rel="modulepreload"[^>]*\bhref)="(\/[^"]+)"[^>]*>(?:<\/script>)?/g;

/**
 * The template without its module scripts and preloads, and their addresses, the first script first. A
 * pre-rendered page names them, with its own chunks, in `<meta name="ferry-scripts">`, and core's
 * SCRIPTS_AFTER_FIRST_PAINT fetches them once the page has been painted (decision 021).
 */
function withoutModuleTags(template: string): { html: string; scripts: string[] } {
  const scripts = [...template.matchAll(MODULE_TAG)].map((match) => match[1]);
  if (!/<script type="module"[^>]*\bsrc="/.test(template) || scripts.length === 0) {
    throw new Error("dist/index.html has no module script: the pre-render template changed");
  }
  return { html: template.replace(MODULE_TAG, ""), scripts };
}

/** The tags that load a pre-rendered page's scripts after its first paint: the list, and the loader. */
function scriptsAfterFirstPaint(html: string, scripts: readonly string[]): string {
  if (!html.includes("</body>")) {
    throw new Error("dist/index.html has no </body>: the pre-render template changed");
  }
  return html
    .replace("</head>", () => `  <meta name="${SCRIPTS_META_NAME}" content="${scripts.join(" ")}">\n  </head>`)
    .replace("</body>", () => `  <script>${SCRIPTS_AFTER_FIRST_PAINT}</script>\n  </body>`);
}

/** `<link rel="modulepreload">` for each chunk file, at low priority where the page shows without them. */
function modulePreloadTags(files: readonly string[], isLowPriority: boolean): string[] {
  const priority = isLowPriority ? ' fetchpriority="low"' : "";
  return files.map((file) => `<link rel="modulepreload" crossorigin${priority} href="/${file}">`);
}

/**
 * The tags that start a signed-in page's first reads while its scripts download (decision 052): the
 * list and core's script that reads it. None for a page without early reads.
 */
function earlyReadTags(pagePath: string): string[] {
  const reads = earlyReadsOf(pagePath);
  return reads.length === 0
    ? []
    : [`<meta name="${EARLY_READS_META_NAME}" content="${reads.join(" ")}">`, `<script>${EARLY_READS_SCRIPT}</script>`];
}

/** Renders every pre-rendered page with the built entry and writes it under dist/prerendered/. */
export async function prerenderPages(options: {
  distDir: string;
  serverEntry: string;
  clientManifestFile: string;
}): Promise<string[]> {
  const { html: template, scripts: templateScripts } = withoutModuleTags(
    await withInlinedStylesheets(await readFile(path.join(options.distDir, "index.html"), "utf8"), options.distDir),
  );
  const manifest = JSON.parse(await readFile(options.clientManifestFile, "utf8")) as Record<string, ManifestChunk>;
  const chunkFileOf = JSON.parse(await readFile(path.join(options.distDir, CHUNK_MODULES_FILE), "utf8")) as Record<
    string,
    string
  >;
  const entryFiles = templateScripts.map((script) => script.slice(1));
  const entry = (await import(pathToFileURL(options.serverEntry).href)) as PrerenderEntry;
  for (const page of entry.PRERENDERED_PAGES) {
    const rendered = await entry.renderPage(page.location, page.language);
    const { headTags, markup } = splitHoistedTags(rendered.html);
    const pageChunks = chunkFilesOf(manifest, rendered.modules, entryFiles, chunkFileOf).map((file) => `/${file}`);
    const file = path.join(options.distDir, PRERENDERED_DIR, prerenderedFileOf(page.key));
    await mkdir(path.dirname(file), { recursive: true });
    // The page hydrates in the language its <html lang> names (i18n.tsx's initialLanguage).
    const html = scriptsAfterFirstPaint(fillTemplate(template, headTags, markup), [
      ...templateScripts,
      ...pageChunks,
    ]).replace('<html lang="en">', () => `<html lang="${page.language}">`);
    await writeFile(file, html);
  }
  // The shells of the other pages: the app's own index.html (nothing to show before its scripts run, so
  // they keep their priority) naming the page's chunks, so they download with the first script.
  const appHtml = await readFile(path.join(options.distDir, "index.html"), "utf8");
  for (const pagePath of entry.SHELL_PATHS) {
    // At low priority (issue 29, decision 049): at the default one they compete with the first script,
    // which shows the page's first paint, and Lighthouse measured /dashboard's FCP twice as late.
    const preloads = modulePreloadTags(
      chunkFilesOf(manifest, await entry.routeModules(pagePath), entryFiles, chunkFileOf),
      true,
    );
    const file = path.join(options.distDir, SHELLS_DIR, prerenderedFileOf(pagePath));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(
      file,
      appHtml
        // Before the stylesheet: an inline script waits for the stylesheets above it.
        .replace("<title>", () => [...earlyReadTags(pagePath), "<title>"].join("\n    "))
        .replace("</head>", () => `  ${preloads.join("\n    ")}\n  </head>`),
    );
  }
  return entry.PRERENDERED_PAGES.map((page) => page.key);
}
