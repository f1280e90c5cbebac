import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { pathInLanguage, SOURCE_LANGUAGE } from "@ferry/core/i18n/languages";
import {
  canonicalPathOfAlias,
  PRERENDERED_DIR,
  prerenderedFileOf,
  SHELL_PATHS,
  SHELLS_DIR,
} from "@ferry/core/public-pages";
import { hasLanguagePaths, isWebRoutePath, localizedRouteOf } from "@ferry/core/web-routes";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../../errors.ts";
import { requestLanguage } from "../../http/language.ts";
import {
  loadPrerenderedPages,
  type PrerenderedPage,
  type PrerenderedPages,
  sendPrerenderedPage,
} from "./prerendered-pages.ts";
import { robotsTxt, sitemapXml } from "./site-index.ts";

export interface WebAppOptions {
  /** The web app's build (apps/web/dist); without one, only the API is served. */
  readonly webDistDir: string;
  /** Where the site is public (PUBLIC_URL): the canonical links, sitemap.xml and robots.txt name it. */
  readonly publicUrl: string;
}

/** Where the build's hashed files live; their names change with their content. */
const ASSETS_PREFIX = "/assets/";

/** The path of a request URL, without its query string. */
function pathOf(url: string): string {
  const queryStart = url.indexOf("?");
  return queryStart < 0 ? url : url.slice(0, queryStart);
}

/** Paths the single-page app never owns: the API, the development mailbox, the build's files. */
function isServerPath(requestPath: string): boolean {
  return /^\/(api|dev)(\/|$)/.test(requestPath) || requestPath.startsWith(ASSETS_PREFIX);
}

/** The query string of a request URL with its `?`, or "" when it has none. */
function queryOf(url: string): string {
  const queryStart = url.indexOf("?");
  return queryStart < 0 ? "" : url.slice(queryStart);
}

/** Every page answers GET (and HEAD, its twin); nothing else. */
const PAGE_METHODS = ["GET", "HEAD"];

/**
 * A HEAD request answers what GET would, without the body: Fastify does this for the HEAD twin of
 * every GET route, but not for the not-found handler, which serves the pages. The length stays that
 * of the body a GET would receive, as for Fastify's own HEAD routes.
 */
async function dropBodyOfHead(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (request.method !== "HEAD" || !request.is404 || payload === null || payload === undefined) {
    return payload;
  }
  if (typeof payload === "string" || Buffer.isBuffer(payload)) {
    reply.header("content-length", String(Buffer.byteLength(payload)));
  } else if (typeof (payload as NodeJS.ReadableStream).resume === "function") {
    (payload as NodeJS.ReadableStream).resume();
  }
  return null;
}

/** What the build holds for the pages: pre-rendered pages and the other pages' shells, by route path. */
interface PageFiles {
  readonly hasWebBuild: boolean;
  readonly prerendered: PrerenderedPages;
  readonly shellFiles: ReadonlyMap<string, string>;
}

async function loadPageFiles(options: WebAppOptions): Promise<PageFiles> {
  const hasWebBuild = existsSync(path.join(options.webDistDir, "index.html"));
  const prerendered: PrerenderedPages = hasWebBuild
    ? await loadPrerenderedPages(options.webDistDir, options.publicUrl)
    : new Map();
  // Each other page's shell (index.html naming the page's chunks as preloads), where the build wrote one.
  const shellFiles = new Map(
    SHELL_PATHS.map((pagePath) => [pagePath, `${SHELLS_DIR}/${prerenderedFileOf(pagePath)}`] as const).filter(
      ([, file]) => hasWebBuild && existsSync(path.join(options.webDistDir, file)),
    ),
  );
  return { hasWebBuild, prerendered, shellFiles };
}

/** robots.txt and sitemap.xml, from core's table of public pages. */
function registerSiteIndex(app: FastifyInstance, publicUrl: string): void {
  app.get("/robots.txt", { schema: { hide: true } }, async (_request, reply) =>
    reply.type("text/plain; charset=utf-8").header("cache-control", "no-cache").send(robotsTxt(publicUrl)),
  );
  app.get("/sitemap.xml", { schema: { hide: true } }, async (_request, reply) =>
    reply.type("application/xml; charset=utf-8").header("cache-control", "no-cache").send(sitemapXml(publicUrl)),
  );
}

/** The build's files, precompressed, hashed assets cached for ever and the rest revalidated. */
async function serveWebBuild(app: FastifyInstance, webDistDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    // Pre-rendered pages and shells are served at their pages' paths, never under their file names.
    allowedPath: (pathName) => !pathName.startsWith(`/${PRERENDERED_DIR}/`) && !pathName.startsWith(`/${SHELLS_DIR}/`),
    // The build writes .br and .gz beside each text file (apps/web/build/precompress.ts): the
    // smallest one the browser accepts is sent, with Vary: Accept-Encoding.
    preCompressed: true,
    setHeaders(reply, filePath) {
      // Hashed assets never change under their name; index.html must be revalidated to find new ones.
      reply.header(
        "cache-control",
        filePath.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache",
      );
    },
  });
}

/** What a page chosen by the visitor's language (the cookie, then Accept-Language) varies by. */
const VARY_BY_LANGUAGE = "accept-encoding, cookie, accept-language";

/** How a pre-rendered page answers: the page's file (and what the choice of it varied by), or a redirect. */
type PrerenderedAnswer =
  | { readonly page: PrerenderedPage; readonly vary?: string }
  | { readonly redirectTo: string }
  | undefined;

/**
 * A pre-rendered page's answer (decision 047): a marketing page is the file of its path's language; `/`
 * sends a visitor whose cookie (or, without one, Accept-Language) names another language to its prefix;
 * the sign-in pages keep their paths and are the file of the visitor's language. Undefined when the
 * build has no such file.
 */
function prerenderedAnswerOf(request: FastifyRequest, requestPath: string, files: PageFiles): PrerenderedAnswer {
  const localized = localizedRouteOf(requestPath);
  if (!localized) {
    return undefined;
  }
  const { route, language } = localized;
  if (!hasLanguagePaths(route)) {
    const page = files.prerendered.get(pathInLanguage(route.path, requestLanguage(request)));
    return page && { page, vary: VARY_BY_LANGUAGE };
  }
  const isHome = route.path === "/" && language === SOURCE_LANGUAGE;
  const visitorLanguage = isHome ? requestLanguage(request) : language;
  if (visitorLanguage !== language) {
    return { redirectTo: `${pathInLanguage("/", visitorLanguage)}${queryOf(request.url)}` };
  }
  const page = files.prerendered.get(pathInLanguage(route.path, language));
  return page && { page, vary: isHome ? VARY_BY_LANGUAGE : undefined };
}

/** A page's GET: an alias's 301, its pre-rendered HTML, its shell, or index.html (404 for a path no route has). */
async function sendPage(request: FastifyRequest, reply: FastifyReply, requestPath: string, files: PageFiles) {
  const canonicalPath = canonicalPathOfAlias(requestPath);
  if (canonicalPath) {
    // One address per page for search engines and bookmarks; the query string goes along.
    return reply.header("cache-control", "no-cache").redirect(`${canonicalPath}${queryOf(request.url)}`, 301);
  }
  const prerendered = prerenderedAnswerOf(request, requestPath, files);
  if (prerendered && "redirectTo" in prerendered) {
    return reply
      .header("cache-control", "no-cache")
      .header("vary", VARY_BY_LANGUAGE)
      .redirect(prerendered.redirectTo, 302);
  }
  if (prerendered) {
    return sendPrerenderedPage(request, reply, prerendered.page, prerendered.vary);
  }
  const routePath = localizedRouteOf(requestPath)?.route.path ?? "";
  const shell = files.shellFiles.get(routePath);
  if (shell) {
    return reply.status(200).header("cache-control", "no-cache").sendFile(shell);
  }
  // The web app shows its own not-found page for a path its router lacks (core's route table,
  // matched as the router matches); the status tells crawlers and monitors the same thing.
  return reply
    .status(isWebRoutePath(requestPath) ? 200 : 404)
    .header("cache-control", "no-cache")
    .sendFile("index.html");
}

/** The answer for every path no route has: 405 with Allow, a page, or Ferry's JSON 404. */
function answerUnrouted(app: FastifyInstance, files: PageFiles) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const requestPath = pathOf(request.url);
    // HEAD answers exactly what GET would, down to the Content-Length of the message.
    const method = request.method === "HEAD" ? "GET" : request.method;
    const isPage = files.hasWebBuild && !isServerPath(requestPath);
    const allowed = isPage && isWebRoutePath(requestPath) ? PAGE_METHODS : app.allowedMethods(requestPath);
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      // OPTIONS included: Ferry offers no CORS and no other optional feature, so the only thing
      // OPTIONS could tell is the Allow header, which this answer carries; a 204 would let a
      // cross-origin preflight look answered when nothing is allowed to it.
      throw new AppError("method_not_allowed", `${method} is not allowed on ${requestPath}`, undefined, {
        allow: allowed.join(", "),
      });
    }
    if (isPage && method === "GET") {
      return sendPage(request, reply, requestPath, files);
    }
    // A miss must not be cached: the file may be deployed a moment later (a CDN in front would
    // otherwise keep answering 404 for an immutable name).
    throw new AppError("not_found", `No route for ${method} ${requestPath}`, undefined, {
      "cache-control": "no-store",
    });
  };
}

/**
 * Serves the web app's build and answers every path no route has: a known path with another method
 * gets 405 with `Allow` (from the route table, plugins/app/route-methods.ts); a missing file under
 * /assets/ gets 404, never index.html, so a browser still running an old build is not handed HTML as
 * its script; a public marketing page gets its pre-rendered HTML (prerendered-pages.ts), an alias a 301
 * to its canonical page, any other page its shell (index.html naming its chunks as preloads) or
 * index.html itself (the single-page app, its own not-found page included); /api/ and /dev/ get Ferry's
 * JSON 404. Also robots.txt and sitemap.xml (site-index.ts). Registered after every route. HEAD mirrors
 * GET throughout.
 */
export default fp<WebAppOptions>(
  async (app, options) => {
    const files = await loadPageFiles(options);
    registerSiteIndex(app, options.publicUrl);
    if (files.hasWebBuild) {
      await serveWebBuild(app, options.webDistDir);
    }
    app.addHook("onSend", dropBodyOfHead);
    app.setNotFoundHandler(answerUnrouted(app, files));
  },
  { name: "ferry-web-app", fastify: "5.x", dependencies: ["ferry-route-methods"] },
);
