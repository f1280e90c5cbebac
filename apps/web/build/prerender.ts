import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PRERENDERED_DIR, PUBLIC_ORIGIN_PLACEHOLDER, prerenderedFileOf } from "@ferry/core/public-pages";

/*
 * Pre-rendering (decision 021): each public marketing page is rendered once at build time by the
 * server-side build of src/prerender.tsx and written to dist/prerendered/<path>.html — the built
 * index.html with the page's markup in #root and its own <title>, meta description and canonical link
 * in <head>. The page shows before any script runs; main.tsx then hydrates it.
 */

/** What the server-side build of src/prerender.tsx exports. */
interface PrerenderEntry {
  PRERENDERED_PATHS: readonly string[];
  renderPage(path: string): Promise<string>;
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
 * The canonical link's address made absolute with the placeholder origin the server replaces with its
 * PUBLIC_URL: a build does not know where it will be served, and search engines want absolute addresses.
 */
function withAbsoluteCanonical(tag: string): string {
  return tag.replace(/(<link\b[^>]*\brel="canonical"[^>]*\bhref=")(\/[^"]*)"/, `$1${PUBLIC_ORIGIN_PLACEHOLDER}$2"`);
}

/** The page's HTML: the template with its title and description replaced by the page's, and its markup in #root. */
export function fillTemplate(template: string, headTags: readonly string[], markup: string): string {
  let html = template;
  if (headTags.some((tag) => tag.startsWith("<title>"))) {
    html = html.replace(/<title>[^<]*<\/title>\s*/, "");
  }
  if (headTags.some((tag) => /^<meta\b[^>]*\bname="description"/.test(tag))) {
    html = html.replace(/<meta name="description"[^>]*>\s*/, "");
  }
  const head = headTags.map(withAbsoluteCanonical).join("\n    ");
  if (!html.includes('<div id="root"></div>') || !html.includes("</head>")) {
    throw new Error("dist/index.html has no empty #root or no </head>: the pre-render template changed");
  }
  return html
    .replace("</head>", `  ${head}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
}

/** Renders every pre-rendered page with the built entry and writes it under dist/prerendered/. */
export async function prerenderPages(options: { distDir: string; serverEntry: string }): Promise<string[]> {
  const template = await readFile(path.join(options.distDir, "index.html"), "utf8");
  const entry = (await import(pathToFileURL(options.serverEntry).href)) as PrerenderEntry;
  for (const pagePath of entry.PRERENDERED_PATHS) {
    const { headTags, markup } = splitHoistedTags(await entry.renderPage(pagePath));
    const file = path.join(options.distDir, PRERENDERED_DIR, prerenderedFileOf(pagePath));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, fillTemplate(template, headTags, markup));
  }
  return [...entry.PRERENDERED_PATHS];
}
