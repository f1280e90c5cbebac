// Issue 14, fast first load: the server sends a public marketing page's pre-rendered HTML (with
// PUBLIC_URL in its canonical link, compressed as the browser accepts), index.html for the app's other
// pages, a 301 for each alias, and robots.txt and sitemap.xml written from core's route table.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { LANGUAGES, pathInLanguage } from "@ferry/core/i18n/languages";
import { PRERENDERED_PATHS, PUBLIC_ORIGIN_PLACEHOLDER, SITEMAP_PATHS } from "@ferry/core/public-pages";
import { WEB_ROUTES, type WebRoute } from "@ferry/core/web-routes";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, randomIp, send, type TestApp } from "./helpers.ts";

const PUBLIC_URL = "https://ferry.example";
const INDEX_HTML = '<!doctype html><html><head><title>Ferry</title></head><body><div id="root"></div></body></html>';
/** A page as apps/web/build/prerender.ts writes it: its own head tags, its markup in #root, the origin a placeholder. */
const BUSINESS_HTML = [
  "<!doctype html><html><head>",
  "<title>Business payments · Ferry</title>",
  '<meta name="description" content="Pay suppliers in nine currencies."/>',
  `<link rel="canonical" href="${PUBLIC_ORIGIN_PLACEHOLDER}/business"/>`,
  '</head><body><div id="root"><main><h1>Business payments</h1>',
  // Long enough that compression matters, as a real page is.
  "<p>Plans for growing volumes.</p>".repeat(200),
  "</main></div></body></html>",
].join("");
/** A shell as the build writes it for a page the browser renders: index.html naming the page's chunks. */
const DASHBOARD_SHELL =
  '<!doctype html><html><head><title>Ferry</title><link rel="modulepreload" crossorigin href="/assets/dashboard-page-abc.js"></head><body><div id="root"></div></body></html>';
const LANDING_HTML = `<!doctype html><html><head><title>Fiat and crypto in one account · Ferry</title><link rel="canonical" href="${PUBLIC_ORIGIN_PLACEHOLDER}/"/></head><body><div id="root"><h1>Ferry</h1></div></body></html>`;

let ferry: TestApp;
let webDistDir: string;

beforeAll(async () => {
  webDistDir = await mkdtemp(path.join(os.tmpdir(), "ferry-first-load-"));
  await mkdir(path.join(webDistDir, "prerendered"), { recursive: true });
  await writeFile(path.join(webDistDir, "index.html"), INDEX_HTML);
  await writeFile(path.join(webDistDir, "prerendered", "business.html"), BUSINESS_HTML);
  await writeFile(path.join(webDistDir, "prerendered", "index.html"), LANDING_HTML);
  await mkdir(path.join(webDistDir, "shells"));
  await writeFile(path.join(webDistDir, "shells", "dashboard.html"), DASHBOARD_SHELL);
  ferry = await buildTestApp({ WEB_DIST_DIR: webDistDir, PUBLIC_URL });
});

afterAll(async () => {
  await ferry?.close();
  await rm(webDistDir, { recursive: true, force: true });
});

function get(url: string, headers: Record<string, string> = {}) {
  return send(ferry.app, { method: "GET", url, ip: randomIp(), headers });
}

/** The document's <head> and the contents of #root, so assertions say where a thing is. */
function partsOf(html: string): { head: string; root: string } {
  return {
    head: /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? "",
    root: /<div id="root">([\s\S]*)<\/div><\/body>/.exec(html)?.[1] ?? "",
  };
}

describe("pre-rendered marketing pages", () => {
  test("a marketing page answers its pre-rendered HTML: title, description and absolute canonical link in <head>, content in #root", async () => {
    const response = await get("/business");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    const { head, root } = partsOf(response.body);
    expect(head).toContain("<title>Business payments · Ferry</title>");
    expect(head).toContain('<meta name="description" content="Pay suppliers in nine currencies."/>');
    expect(head).toContain(`<link rel="canonical" href="${PUBLIC_URL}/business"/>`);
    expect(root).toContain("<h1>Business payments</h1>");
    expect(response.body).not.toContain(PUBLIC_ORIGIN_PLACEHOLDER);
  });

  test("the landing page is pre-rendered too, and a page is found as the router finds it (case, trailing slash, query)", async () => {
    expect(partsOf((await get("/")).body).root).toBe("<h1>Ferry</h1>");
    for (const url of ["/business/", "/Business", "/business?utm_source=mail"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(partsOf(response.body).head, url).toContain("<title>Business payments · Ferry</title>");
    }
  });

  test("is sent compressed as the browser accepts (brotli first, then gzip), with Vary and an ETag that answers 304", async () => {
    const brotli = await ferry.app.inject({
      method: "GET",
      url: "/business",
      headers: { "accept-encoding": "gzip, br" },
    });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain("<h1>Business payments</h1>");
    expect(brotli.rawPayload.length).toBeLessThan(BUSINESS_HTML.length / 5);

    const gzip = await ferry.app.inject({
      method: "GET",
      url: "/business",
      headers: { "accept-encoding": "gzip, br;q=0" },
    });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toContain("<h1>Business payments</h1>");

    const plain = await ferry.app.inject({
      method: "GET",
      url: "/business",
      headers: { "accept-encoding": "identity" },
    });
    expect(plain.headers["content-encoding"]).toBeUndefined();

    const etag = String(brotli.headers.etag);
    const again = await ferry.app.inject({ method: "GET", url: "/business", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  test("HEAD answers what GET would, without the body", async () => {
    const headers = { "accept-encoding": "br" };
    const get = await ferry.app.inject({ method: "GET", url: "/business", headers });
    const head = await ferry.app.inject({ method: "HEAD", url: "/business", headers });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.body).toBe("");
  });

  test("a page the browser renders answers its shell, naming its chunks, with index.html's status and caching", async () => {
    for (const url of ["/dashboard", "/Dashboard/", "/dashboard?tab=send"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toMatch(/^text\/html/);
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(response.body, url).toBe(DASHBOARD_SHELL);
    }
    expect((await get("/shells/dashboard.html")).body).toBe(INDEX_HTML);
  });

  test("a page without a shell, a page the build did not pre-render, and an unknown page answer index.html", async () => {
    for (const [url, status] of [
      ["/login", 200],
      ["/admin/deposits", 200],
      ["/security", 200],
      ["/no-such-page", 404],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(status);
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(response.body, url).toBe(INDEX_HTML);
    }
  });

  test("the pre-rendered files are not served under their own names", async () => {
    const response = await get("/prerendered/business.html");
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe(INDEX_HTML);
  });
});

describe("aliases", () => {
  test("each alias answers 301 to its canonical page, keeping the query string, for GET and HEAD", async () => {
    const aliases = (WEB_ROUTES as readonly WebRoute[]).filter((route) => route.aliasOf);
    expect(aliases.map((route) => route.path).sort()).toEqual(
      ["/dedicated-support", "/fast", "/global-security", "/lowfee"].sort(),
    );
    for (const alias of aliases) {
      for (const method of ["GET", "HEAD"] as const) {
        const response = await ferry.app.inject({ method, url: `${alias.path}?ref=ad`, remoteAddress: randomIp() });
        expect(response.statusCode, `${method} ${alias.path}`).toBe(301);
        expect(response.headers.location, alias.path).toBe(`${alias.aliasOf}?ref=ad`);
      }
    }
    expect((await get("/FAST/")).headers.location).toBe("/features/fast");
  });
});

describe("robots.txt and sitemap.xml", () => {
  test("robots.txt allows the public pages, disallows the API, the development tools, admin and the signed-in app, and names the sitemap", async () => {
    const response = await get("/robots.txt");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    const lines = response.body.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const prefix of ["/api/", "/dev/", "/admin/", "/dashboard", "/balance", "/settings", "/profile"]) {
      expect(lines, prefix).toContain(`Disallow: ${prefix}`);
    }
    for (const path of PRERENDERED_PATHS.filter((candidate) => candidate !== "/")) {
      expect(
        lines.some((line) => line.startsWith("Disallow:") && path.startsWith(line.slice(10))),
        path,
      ).toBe(false);
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  test("sitemap.xml lists every canonical public page with its absolute address, and no alias or app page", async () => {
    const response = await get("/sitemap.xml");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/xml/);
    expect(response.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/,
    );
    const locations = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    // Every page in every language (decision 047).
    expect(locations).toEqual(
      LANGUAGES.flatMap((language) => SITEMAP_PATHS.map((path) => `${PUBLIC_URL}${pathInLanguage(path, language)}`)),
    );
    expect(locations).toContain(`${PUBLIC_URL}/`);
    expect(locations).toContain(`${PUBLIC_URL}/features/fast`);
    expect(locations).toContain(`${PUBLIC_URL}/rates`);
    for (const absent of [
      "/fast",
      "/lowfee",
      "/dashboard",
      "/login",
      "/verify-email",
      "/forgot-password",
      "/admin/rates",
    ]) {
      expect(locations, absent).not.toContain(`${PUBLIC_URL}${absent}`);
    }
  });

  test("the sitemap's list is every public page of core's table but the aliases and the two that need a query", () => {
    const expected = (WEB_ROUTES as readonly WebRoute[])
      .filter((route) => route.access === "public" && !route.aliasOf)
      .map((route) => route.path)
      .filter((path) => path !== "/verify-email" && path !== "/forgot-password");
    expect(SITEMAP_PATHS).toEqual(expected);
    expect(SITEMAP_PATHS.length).toBeGreaterThanOrEqual(20);
  });

  test("the pre-rendered pages are the sitemap's and the sign-in and sign-up forms", () => {
    expect(PRERENDERED_PATHS).toEqual([...SITEMAP_PATHS, "/login", "/signup"]);
  });
});
