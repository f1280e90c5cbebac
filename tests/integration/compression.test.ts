import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { precompressDirectory } from "../../apps/web/build/precompress.ts";
import { buildTestApp, type TestApp } from "./helpers.ts";

/*
 * Issue 14, a fast first load: the build's text files are compressed once at build time and sent as
 * the browser accepts them; the API's larger answers are compressed per request.
 */

let ferry: TestApp;
/** A script big and repetitive enough to compress, like a real bundle. */
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{"id":${i},"name":"row ${i}"}`).join(",")}];\n`;

beforeAll(async () => {
  const dist = await mkdtemp(path.join(os.tmpdir(), "ferry-dist-"));
  await mkdir(path.join(dist, "assets"));
  await writeFile(path.join(dist, "index.html"), "<!doctype html><title>Ferry</title><div id=root></div>");
  await writeFile(path.join(dist, "assets", "app-abc123.js"), SCRIPT);
  await precompressDirectory(dist);
  ferry = await buildTestApp({ WEB_DIST_DIR: dist });
});

afterAll(async () => {
  await ferry?.close();
});

function get(url: string, acceptEncoding?: string) {
  return ferry.app.inject({
    method: "GET",
    url,
    headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
  });
}

describe("the web build's files", () => {
  test("are sent brotli-compressed to a browser that accepts it, gzip to one that accepts only gzip", async () => {
    const brotli = await get("/assets/app-abc123.js", "gzip, deflate, br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);
    expect(brotli.rawPayload.length).toBeLessThan(SCRIPT.length / 4);

    const gzip = await get("/assets/app-abc123.js", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
  });

  test("are sent as they are to a client that accepts no encoding, still cached as immutable", async () => {
    const plain = await get("/assets/app-abc123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});

describe("the API's answers", () => {
  test("a large one is compressed as the client accepts, a small one is not", async () => {
    const document = await get("/api/v1/openapi.json", "br");
    expect(document.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(document.rawPayload).toString())).toHaveProperty("openapi");

    const health = await get("/api/health", "br, gzip");
    expect(health.headers["content-encoding"]).toBeUndefined();
    expect(health.json()).toHaveProperty("status");
  });
});
