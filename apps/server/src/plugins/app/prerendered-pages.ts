import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import {
  PRERENDERED_DIR,
  PRERENDERED_PAGES,
  PUBLIC_ORIGIN_PLACEHOLDER,
  prerenderedFileOf,
} from "@ferry/core/public-pages";
import type { FastifyReply, FastifyRequest } from "fastify";

/*
 * The public marketing pages the web build pre-rendered (apps/web/build/prerender.ts), served with
 * PUBLIC_URL in place of the build's placeholder origin (their canonical links). A build does not know
 * where it will be served, so the bytes differ from the files on disk, and the build's .br/.gz copies
 * cannot be used: each page is compressed once, on its first request, and kept (decision 021).
 */

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = "br" | "gzip" | "identity";

/** One pre-rendered page, ready to send. */
export interface PrerenderedPage {
  readonly html: Buffer;
  readonly etag: string;
  /** The compressed bodies made so far, by encoding; each is made at most once. */
  readonly compressed: Map<Exclude<Encoding, "identity">, Promise<Buffer>>;
}

/** The pre-rendered pages by key (`/rates`, `/de/rates`, `/de/login`: core's PRERENDERED_PAGES); empty when the build has none. */
export type PrerenderedPages = ReadonlyMap<string, PrerenderedPage>;

/** Reads every pre-rendered page of the build that exists, with `publicUrl` put in place of the placeholder. */
export async function loadPrerenderedPages(webDistDir: string, publicUrl: string): Promise<PrerenderedPages> {
  const pages = new Map<string, PrerenderedPage>();
  for (const { key } of PRERENDERED_PAGES) {
    const file = path.join(webDistDir, PRERENDERED_DIR, prerenderedFileOf(key));
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") {
        // An older build, or one made without pre-rendering: the page is served as the app's index.html.
        continue;
      }
      throw error;
    }
    const html = Buffer.from(text.replaceAll(PUBLIC_ORIGIN_PLACEHOLDER, () => publicUrl));
    const etag = `"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`;
    pages.set(key, { html, etag, compressed: new Map() });
  }
  return pages;
}

/** The best encoding the request accepts: brotli, then gzip, else none (RFC 9110 §12.5.3, q=0 refuses). */
function encodingFor(acceptEncoding: string | undefined): Encoding {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name, ...parameters] = part.trim().toLowerCase().split(";");
    const quality = parameters.map((parameter) => /^\s*q=([0-9.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    if (name && (quality === undefined || Number(quality) > 0)) {
      accepted.add(name);
    }
  }
  if (accepted.has("br")) {
    return "br";
  }
  return accepted.has("gzip") ? "gzip" : "identity";
}

function compressedBody(page: PrerenderedPage, encoding: Exclude<Encoding, "identity">): Promise<Buffer> {
  let body = page.compressed.get(encoding);
  if (!body) {
    body =
      encoding === "br"
        ? brotli(page.html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } })
        : gzipAsync(page.html, { level: constants.Z_BEST_COMPRESSION });
    page.compressed.set(encoding, body);
  }
  return body;
}

/**
 * Sends a pre-rendered page as index.html is sent: 200, revalidated on every visit (`no-cache`, with an
 * ETag so an unchanged page answers 304), in the best encoding the browser accepts. `vary` names the
 * headers the choice of page depended on.
 */
export async function sendPrerenderedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: PrerenderedPage,
  vary = "accept-encoding",
): Promise<FastifyReply> {
  reply
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-cache")
    .header("vary", vary)
    .header("etag", page.etag);
  if (request.headers["if-none-match"]?.split(",").some((tag) => tag.trim() === page.etag)) {
    return reply.status(304).send();
  }
  const encoding = encodingFor(request.headers["accept-encoding"]);
  if (encoding === "identity") {
    return reply.status(200).send(page.html);
  }
  return reply
    .status(200)
    .header("content-encoding", encoding)
    .send(await compressedBody(page, encoding));
}
