import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { PRERENDERED_DIR } from "@ferry/core/public-pages";

/*
 * Every text file of the build is written a second and third time, compressed with brotli (best
 * quality) and gzip (best level), next to the original. The server (@fastify/static `preCompressed`)
 * sends the smallest one the browser accepts, so nothing is compressed per request and the files
 * are as small as the algorithms make them. Issue 14: `/` shipped 838 KB uncompressed. vite.config.ts
 * runs it last, after the pages are pre-rendered. The pre-rendered marketing pages are left out: the
 * server puts PUBLIC_URL into them and compresses each itself on its first request
 * (apps/server/src/plugins/app/prerendered-pages.ts), so copies made here would never be sent, and
 * brotli at its best quality spent ~23 s of CPU on their 13 MB.
 */

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What compresses: text formats. Images and fonts are compressed already. */
const COMPRESSIBLE = new Set([".js", ".mjs", ".css", ".html", ".svg", ".json", ".txt", ".xml", ".webmanifest", ".map"]);
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

async function* filesUnder(directory: string, root = directory): AsyncGenerator<string> {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      if (full !== path.join(root, PRERENDERED_DIR)) {
        yield* filesUnder(full, root);
      }
    } else {
      yield full;
    }
  }
}

/** Writes `<file>.br` and `<file>.gz` beside every compressible file of `directory` but its pre-rendered pages. */
export async function precompressDirectory(
  directory: string,
): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  for await (const file of filesUnder(directory)) {
    if (!COMPRESSIBLE.has(path.extname(file)) || (await stat(file)).size < MIN_BYTES) {
      continue;
    }
    const content = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    await writeFile(`${file}.br`, br);
    await writeFile(`${file}.gz`, gz);
    totals.files += 1;
    totals.bytes += content.length;
    totals.brotliBytes += br.length;
  }
  return totals;
}
