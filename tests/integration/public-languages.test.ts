// Issue 29, decision 047: the public pages under a language prefix, each its own pre-rendered file; `/`
// sends a visitor to their language's prefix; the sign-in pages keep their paths and are sent in the
// visitor's language; the sitemap names every page's alternates.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, randomIp, send, type TestApp } from "./helpers.ts";

const PUBLIC_URL = "https://ferry.example";

/** A pre-rendered page as the build writes it in `language`, its heading saying which. */
function pageHtml(language: string, heading: string): string {
  return `<!doctype html><html lang="${language}"><head><title>${heading}</title></head><body><div id="root"><h1>${heading}</h1></div></body></html>`;
}

const FILES: Record<string, string> = {
  "index.html": pageHtml("en", "Landing"),
  "de/index.html": pageHtml("de", "Startseite"),
  "zh/index.html": pageHtml("zh", "首页"),
  "rates.html": pageHtml("en", "Rates"),
  "de/rates.html": pageHtml("de", "Kurse"),
  "login.html": pageHtml("en", "Sign in"),
  "de/login.html": pageHtml("de", "Anmelden"),
  "fr/login.html": pageHtml("fr", "Connexion"),
};

let ferry: TestApp;
let webDistDir: string;

beforeAll(async () => {
  webDistDir = await mkdtemp(path.join(os.tmpdir(), "ferry-public-languages-"));
  await writeFile(
    path.join(webDistDir, "index.html"),
    '<!doctype html><html><body><div id="root"></div></body></html>',
  );
  for (const [file, html] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(webDistDir, "prerendered", file)), { recursive: true });
    await writeFile(path.join(webDistDir, "prerendered", file), html);
  }
  ferry = await buildTestApp({ WEB_DIST_DIR: webDistDir, PUBLIC_URL });
});

afterAll(async () => {
  await ferry?.close();
  await rm(webDistDir, { recursive: true, force: true });
});

function get(url: string, headers: Record<string, string> = {}) {
  return send(ferry.app, { method: "GET", url, ip: randomIp(), headers });
}

describe("public pages under a language prefix", () => {
  test("a prefixed page answers its language's pre-rendered file, with or without the trailing slash", async () => {
    for (const url of ["/de/", "/de", "/DE/"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain("<h1>Startseite</h1>");
    }
    expect((await get("/zh/")).body).toContain('<html lang="zh">');
    expect((await get("/de/rates")).body).toContain("<h1>Kurse</h1>");
    expect((await get("/rates")).body).toContain("<h1>Rates</h1>");
  });

  test("an explicit prefix is always honoured, whatever the cookie and Accept-Language say", async () => {
    const response = await get("/de/rates", { cookie: "ferry_lang=fr", "accept-language": "zh-CN" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("<h1>Kurse</h1>");
    expect((await get("/rates", { cookie: "ferry_lang=de" })).body).toContain("<h1>Rates</h1>");
  });

  test("the app's pages and the sign-in pages have no prefixed path", async () => {
    expect((await get("/de/login")).statusCode).toBe(404);
    expect((await get("/de/dashboard")).statusCode).toBe(404);
    expect((await get("/en/rates")).statusCode).toBe(404);
  });

  test("an alias under a prefix goes to its page in that language", async () => {
    const response = await get("/de/fast?ref=mail");
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe("/de/features/fast?ref=mail");
  });
});

describe("/ and the visitor's language", () => {
  test("Accept-Language preferring one of Ferry's languages sends / to its prefix (302, Vary)", async () => {
    const response = await get("/?utm_source=ad", { "accept-language": "de-DE,de;q=0.9,en;q=0.8" });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/de/?utm_source=ad");
    expect(response.headers.vary).toMatch(/cookie/i);
    expect(response.headers.vary).toMatch(/accept-language/i);
  });

  test("the cookie wins over Accept-Language; a cookie saying English keeps / English", async () => {
    const toChinese = await get("/", { cookie: "ferry_lang=zh", "accept-language": "de" });
    expect(toChinese.statusCode).toBe(302);
    expect(toChinese.headers.location).toBe("/zh/");
    const english = await get("/", { cookie: "theme=dark; ferry_lang=en", "accept-language": "de" });
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain("<h1>Landing</h1>");
    expect(english.headers.vary).toMatch(/accept-language/i);
  });

  test("a visitor whose browser names none of Ferry's languages, or English, reads / in English", async () => {
    for (const acceptLanguage of ["", "it-IT,it;q=0.9", "en-GB,de;q=0.5"]) {
      const response = await get("/", { "accept-language": acceptLanguage });
      expect(response.statusCode, acceptLanguage).toBe(200);
      expect(response.body, acceptLanguage).toContain("<h1>Landing</h1>");
    }
  });
});

describe("the sign-in pages in the visitor's language", () => {
  test("/login is the file of the cookie's language, then Accept-Language's, at its own path", async () => {
    const byCookie = await get("/login", { cookie: "ferry_lang=fr", "accept-language": "de" });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.body).toContain("<h1>Connexion</h1>");
    expect(byCookie.headers.vary).toMatch(/cookie/i);
    expect((await get("/login", { "accept-language": "de;q=0.8, it" })).body).toContain("<h1>Anmelden</h1>");
    expect((await get("/login")).body).toContain("<h1>Sign in</h1>");
  });
});

describe("sitemap.xml in every language", () => {
  test("each page of each language names its address in every language and x-default", async () => {
    const body = (await get("/sitemap.xml")).body;
    const entry = /<url>\s*<loc>https:\/\/ferry\.example\/de\/rates<\/loc>([\s\S]*?)<\/url>/.exec(body)?.[1] ?? "";
    expect(entry).toContain('<xhtml:link rel="alternate" hreflang="en" href="https://ferry.example/rates"/>');
    expect(entry).toContain('<xhtml:link rel="alternate" hreflang="zh" href="https://ferry.example/zh/rates"/>');
    expect(entry).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://ferry.example/rates"/>');
    expect(body).toContain("<loc>https://ferry.example/fr/</loc>");
  });
});
