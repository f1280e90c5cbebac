/**
 * `npm run bench:web`: Ferry's first-load benchmark (issue 14; not part of `npm test`).
 *
 * What is measured: Lighthouse (the `lighthouse` package, its default mobile profile: a mid-range phone's
 * screen, 4× CPU slowdown and a simulated slow 4G network) driving Debian's Chromium (chrome-launcher,
 * CHROME_PATH, headless), on `/`, `/de/` (issue 29), `/login`, `/rates` and the signed-in `/dashboard` (the demo customer,
 * signed in through the real two-step API flow, the session cookies put in the browser's cookie jar). For each
 * page: the four category scores and the largest contentful paint, plus FCP, TBT, CLS and the bytes
 * moved; for `/`, the JavaScript transferred (compressed, headers included, from Lighthouse's network
 * records). Each page runs BENCH_WEB_RUNS times and the run with the median performance score is kept.
 *
 * The reference, in the same run, on the same server, browser and throttling: a page of plain HTML with
 * one heading and one paragraph and no script or stylesheet (written into the measured build as
 * /bench-floor.html) — the best this machine and profile can score. LCPs are reported as ratios to it.
 *
 * Ferry runs as its own process (tsx apps/server/src/main.ts: embedded PostgreSQL, migrations, demo
 * seed), on free ports with its own data directory, serving a web build of its own made for this run,
 * so neither another Ferry nor another build on the machine changes what is measured.
 * Results: bench/results/web.json.
 *
 * Settings (environment):
 * - BENCH_WEB_RUNS (3): Lighthouse runs per page
 * - BENCH_WEB_PAGES (all four): a comma-separated subset of the pages, e.g. `/,/rates`, for a quick look
 * - BENCH_WEB_DIST (none): measure this existing web build instead of building one (e.g. an older build
 *   kept for a before/after comparison)
 * - BENCH_WEB_OUT (bench/results/web.json): where the results go
 * - BENCH_WEB_REPORTS (none): a directory (e.g. bench/results/tmp, gitignored) where the full Lighthouse
 *   report of each page's median run is saved, to read its LCP element, request chains and main-thread work
 * - CHROME_PATH (/usr/bin/chromium)
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { findFreePort } from "../apps/server/src/db/free-port.ts";
import { DEMO_ACCOUNTS } from "../apps/server/src/seed.ts";
import { sleep } from "./stats.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];

/** The pages of the issue, in its order; `isSignedIn` pages get the demo customer's session cookie. */
const PAGES = [
  { path: "/", isSignedIn: false },
  // The landing page in German (issue 29): its first script, and the German messages beside it.
  { path: "/de/", isSignedIn: false },
  { path: "/login", isSignedIn: false },
  { path: "/rates", isSignedIn: false },
  { path: "/dashboard", isSignedIn: true },
] as const;
const FLOOR_PATH = "/bench-floor.html";
const FLOOR_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="The reference page of Ferry's first-load benchmark: plain HTML, nothing else." />
    <title>Reference page</title>
  </head>
  <body>
    <h1>Reference page</h1>
    <p>Plain HTML with no script, stylesheet, font or image: what the first load of a page can at best be on this machine and profile.</p>
  </body>
</html>
`;

/** The targets: every category ≥ 95 on the public pages, at most 100 KB of JavaScript for `/`. */
const TARGETS = { minimumScore: 95, maxRootJsKilobytes: 100 } as const;

const START_TIMEOUT_MS = 180_000;
/** The whole run is abandoned (and cleaned up) after this long, whatever happens. */
const RUN_TIMEOUT_MS = 30 * 60 * 1000;

interface PageFigures {
  readonly path: string;
  readonly isSignedIn: boolean;
  readonly scores: Record<Category, number>;
  readonly lcpMs: number;
  readonly fcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
  readonly transferredBytes: number;
  readonly scriptBytes: number;
  readonly scriptRequests: number;
  readonly runs: number;
  readonly performanceScoresSeen: number[];
  readonly failedAudits: string[];
}

/** The Ferry process this run started, stopped at the end (or by the watchdog). */
let ferryProcess: ChildProcess | undefined;

const runStartedAt = performance.now();
function log(message: string): void {
  const seconds = ((performance.now() - runStartedAt) / 1000).toFixed(1).padStart(6);
  console.log(`[${seconds}s] ${message}`);
}

function intSetting(name: string, fallback: number, min: number, max: number): number {
  const text = process.env[name];
  if (text === undefined || text === "") {
    return fallback;
  }
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, not "${text}"`);
  }
  return value;
}

/** Runs a command to completion, its output passed through; fails on a non-zero exit. */
function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: "inherit" });
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`))));
  });
}

/** The pages BENCH_WEB_PAGES names (all of them by default); `/` always comes first, for its JavaScript figure. */
function selectedPages(): (typeof PAGES)[number][] {
  const names = process.env.BENCH_WEB_PAGES?.split(",").map((name) => name.trim());
  if (!names) {
    return [...PAGES];
  }
  const unknown = names.filter((name) => !PAGES.some((page) => page.path === name));
  if (unknown.length > 0 || !names.includes("/")) {
    throw new Error(`BENCH_WEB_PAGES must list "/" and only ${PAGES.map((page) => page.path).join(", ")}`);
  }
  return PAGES.filter((page) => names.includes(page.path));
}

/** The web build to measure: BENCH_WEB_DIST as given, else a fresh build of this checkout into `workDir`. */
async function prepareWebBuild(workDir: string): Promise<{ distDir: string; isFresh: boolean }> {
  const distDir = path.join(workDir, "web-dist");
  const given = process.env.BENCH_WEB_DIST;
  if (given) {
    if (!existsSync(path.join(given, "index.html"))) {
      throw new Error(`BENCH_WEB_DIST=${given} holds no web build (no index.html)`);
    }
    await cp(given, distDir, { recursive: true });
    return { distDir, isFresh: false };
  }
  log("building the web app (vite build, its own output directory)");
  await run(path.join(ROOT, "node_modules", ".bin", "vite"), ["build", "--logLevel", "warn"], {
    cwd: path.join(ROOT, "apps", "web"),
    env: { ...process.env, WEB_BUILD_OUT_DIR: distDir },
  });
  return { distDir, isFresh: true };
}

/** Starts Ferry as `npm start` does, on its own ports and data directory; resolves once it answers. */
async function startFerry(options: {
  distDir: string;
  dataDir: string;
}): Promise<{ child: ChildProcess; baseUrl: string }> {
  const port = await findFreePort();
  const baseUrl = `http://localhost:${port}`;
  const child = spawn(path.join(ROOT, "node_modules", ".bin", "tsx"), ["apps/server/src/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: String(port),
      EMBEDDED_PG_PORT: String(await findFreePort()),
      DATA_DIR: options.dataDir,
      WEB_DIST_DIR: options.distDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: "warn",
      SEED_DEMO: "true",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`Ferry exited with ${child.exitCode} while starting`);
    }
    const health = await fetch(`${baseUrl}/api/health`).catch(() => undefined);
    if (health?.ok) {
      return { child, baseUrl };
    }
    await sleep(500);
  }
  child.kill("SIGTERM");
  throw new Error(`Ferry did not answer on ${baseUrl} within ${START_TIMEOUT_MS / 1000} s`);
}

/** The cookie header after a response's Set-Cookie headers are applied to `cookie`. */
function withSetCookies(cookie: string, response: Response): string {
  const jar = new Map(
    cookie
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
  );
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(";")[0];
    jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/**
 * Signs the demo customer in as the web app does — password, then the code e-mailed to the development
 * mailbox (GET /dev/mail/messages.json, loopback only), then the session — and returns the cookie header.
 */
async function signInDemoCustomer(baseUrl: string): Promise<string> {
  const customer = DEMO_ACCOUNTS.find((account) => account.role === "user");
  if (!customer) {
    throw new Error("The demo seed has no customer");
  }
  const post = (url: string, cookie: string, body: unknown) =>
    fetch(`${baseUrl}${url}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const password = await post("/api/auth/sign-in/email", "", { email: customer.email, password: customer.password });
  if (!password.ok) {
    throw new Error(`Sign-in failed at the password step: ${password.status} ${await password.text()}`);
  }
  let cookie = withSetCookies("", password);
  const sent = await post("/api/auth/two-factor/send-otp", cookie, {});
  if (!sent.ok) {
    throw new Error(`Sign-in failed sending the code: ${sent.status} ${await sent.text()}`);
  }
  let code: string | undefined;
  for (let attempt = 0; attempt < 50 && !code; attempt += 1) {
    const messages = (await (await fetch(`${baseUrl}/dev/mail/messages.json`)).json()) as {
      to: string;
      subject: string;
      text: string;
    }[];
    const mail = messages.find((message) => message.to === customer.email && message.subject.includes("sign-in code"));
    code = mail ? /Your code: (\d{6})/.exec(mail.text)?.[1] : undefined;
    if (!code) {
      await sleep(200);
    }
  }
  if (!code) {
    throw new Error("No sign-in code reached the development mailbox");
  }
  const verified = await post("/api/auth/two-factor/verify-otp", cookie, { code });
  if (!verified.ok) {
    throw new Error(`Sign-in failed at the code step: ${verified.status} ${await verified.text()}`);
  }
  cookie = withSetCookies(cookie, verified);
  const me = await fetch(`${baseUrl}/api/v1/me`, { headers: { cookie } });
  if (!me.ok) {
    throw new Error(`The session cookie does not open GET /api/v1/me: ${me.status}`);
  }
  return cookie;
}

/** The parts of a Lighthouse result this benchmark reads. */
interface LighthouseResult {
  lighthouseVersion: string;
  environment: { hostUserAgent: string };
  runtimeError?: { code: string; message: string };
  categories: Record<Category, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      score: number | null;
      scoreDisplayMode: string;
      numericValue?: number;
      title: string;
      details?: { items?: { resourceType?: string; transferSize?: number; url?: string }[] };
    }
  >;
}

/** Lighthouse's own advice for a failed trace (NO_NAVSTART, NO_FCP…) is to run again: at most this many tries. */
const LIGHTHOUSE_TRIES = 3;

/** One Lighthouse run of `url`, tried again when Lighthouse reports a failed recording. */
async function lighthouseRun(url: string, port: number, cookie: string | undefined): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseTry(url, port, cookie);
    } catch (error) {
      if (attempt >= LIGHTHOUSE_TRIES) {
        throw error;
      }
      log(`${(error as Error).message}; trying again`);
    }
  }
}

/**
 * Puts the session's cookies into the browser's own cookie jar (DevTools protocol, Storage.setCookies),
 * as a signed-in browser holds them. Lighthouse's `extraHeaders` cookie is not enough: once the page
 * writes a cookie of its own (the language cookie, issue 29), Chromium sends its jar instead, without
 * the session, and the page's later requests were answered 401 — the signed-in page measured was /login.
 */
async function putCookiesInBrowser(port: number, baseUrl: string, cookie: string): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const cookies = cookie.split("; ").map((pair) => ({
    name: pair.slice(0, pair.indexOf("=")),
    value: pair.slice(pair.indexOf("=") + 1),
    url: baseUrl,
    httpOnly: true,
  }));
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.onerror = () => reject(new Error("Could not reach Chromium's DevTools protocol"));
      socket.onopen = () => socket.send(JSON.stringify({ id: 1, method: "Storage.setCookies", params: { cookies } }));
      socket.onmessage = (event) => {
        const answer = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
        if (answer.id === 1) {
          answer.error ? reject(new Error(`Storage.setCookies: ${answer.error.message}`)) : resolve();
        }
      };
    });
  } finally {
    socket.close();
  }
}

/** One Lighthouse run of `url` (mobile profile), with the session's cookies in the browser when given. */
async function lighthouseTry(url: string, port: number, cookie: string | undefined): Promise<LighthouseResult> {
  if (cookie) {
    await putCookiesInBrowser(port, new URL(url).origin, cookie);
  }
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
  });
  const lhr = result?.lhr as unknown as LighthouseResult | undefined;
  if (!lhr) {
    throw new Error(`Lighthouse returned nothing for ${url}`);
  }
  if (lhr.runtimeError) {
    throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  return lhr;
}

function figuresOf(lhr: LighthouseResult): Omit<PageFigures, "path" | "isSignedIn" | "runs" | "performanceScoresSeen"> {
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  const scripts = requests.filter((item) => item.resourceType === "Script");
  const failedAudits = CATEGORIES.flatMap((category) =>
    lhr.categories[category].auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && audit.scoreDisplayMode !== "informative" && audit.score !== null && audit.score < 0.9)
      .map((audit) => `${category}: ${audit.title}`),
  );
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((category) => [category, Math.round((lhr.categories[category].score ?? 0) * 100)]),
    ) as Record<Category, number>,
    lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN),
    fcpMs: Math.round(lhr.audits["first-contentful-paint"]?.numericValue ?? Number.NaN),
    tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN),
    cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN).toFixed(3)),
    transferredBytes: requests.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    scriptBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    scriptRequests: scripts.length,
    failedAudits: [...new Set(failedAudits)],
  };
}

/** Saves a page's full Lighthouse report into BENCH_WEB_REPORTS, when set. */
async function saveReport(pagePath: string, lhr: LighthouseResult): Promise<void> {
  const dir = process.env.BENCH_WEB_REPORTS;
  if (!dir) {
    return;
  }
  await mkdir(path.resolve(dir), { recursive: true });
  const name = pagePath.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "root";
  await writeFile(path.resolve(dir, `${name}.json`), JSON.stringify(lhr, null, 2));
}

/** Runs Lighthouse `runs` times on one page and keeps the run with the median performance score. */
async function measurePage(
  page: { path: string; isSignedIn: boolean },
  options: { baseUrl: string; port: number; cookie: string; runs: number },
): Promise<{ figures: PageFigures; lighthouseVersion: string; userAgent: string }> {
  const results: LighthouseResult[] = [];
  for (let index = 0; index < options.runs; index += 1) {
    results.push(
      await lighthouseRun(`${options.baseUrl}${page.path}`, options.port, page.isSignedIn ? options.cookie : undefined),
    );
  }
  const byPerformance = [...results].sort(
    (a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0),
  );
  const median = byPerformance[Math.floor(byPerformance.length / 2)];
  await saveReport(page.path, median);
  const figures: PageFigures = {
    path: page.path,
    isSignedIn: page.isSignedIn,
    ...figuresOf(median),
    runs: results.length,
    performanceScoresSeen: results.map((result) => Math.round((result.categories.performance.score ?? 0) * 100)),
  };
  log(
    `${page.path}: performance ${figures.scores.performance}, accessibility ${figures.scores.accessibility}, best practices ${figures.scores["best-practices"]}, SEO ${figures.scores.seo}; LCP ${figures.lcpMs} ms; JS ${(figures.scriptBytes / 1024).toFixed(1)} KB in ${figures.scriptRequests} requests`,
  );
  return { figures, lighthouseVersion: median.lighthouseVersion, userAgent: median.environment.hostUserAgent };
}

function printSummary(pages: readonly PageFigures[], floor: PageFigures, rootJsKilobytes: number): void {
  const header = ["page", "perf", "a11y", "bp", "seo", "LCP ms", "×floor", "FCP ms", "TBT ms", "CLS", "JS KB"];
  const rows = [...pages, floor].map((page) => [
    page.path,
    ...CATEGORIES.map((category) => String(page.scores[category])),
    String(page.lcpMs),
    (page.lcpMs / floor.lcpMs).toFixed(2),
    String(page.fcpMs),
    String(page.tbtMs),
    String(page.cls),
    (page.scriptBytes / 1024).toFixed(1),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padStart(widths[column])).join("  ");
  console.log(`\n${line(header)}`);
  for (const row of rows) {
    console.log(line(row));
  }
  console.log(
    `\nJavaScript transferred by \`/\`: ${rootJsKilobytes.toFixed(1)} KB (target ≤ ${TARGETS.maxRootJsKilobytes} KB). Reference: ${FLOOR_PATH} (plain HTML).`,
  );
  for (const page of pages) {
    if (page.failedAudits.length > 0) {
      console.log(`${page.path} — audits below 0.9: ${page.failedAudits.join("; ")}`);
    }
  }
}

async function main(): Promise<void> {
  const runs = intSetting("BENCH_WEB_RUNS", 3, 1, 9);
  const outFile = path.resolve(process.env.BENCH_WEB_OUT ?? path.join(ROOT, "bench", "results", "web.json"));
  const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
  if (!existsSync(chromePath)) {
    throw new Error(`Lighthouse needs Chromium at ${chromePath} (apt-get install chromium, or set CHROME_PATH)`);
  }
  const workDir = await mkdtemp(path.join(os.tmpdir(), "ferry-bench-web-"));
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const { distDir, isFresh } = await prepareWebBuild(workDir);
    await writeFile(path.join(distDir, FLOOR_PATH.slice(1)), FLOOR_HTML);
    const dataDir = path.join(workDir, "data");
    await mkdir(dataDir);
    log("starting Ferry (embedded PostgreSQL, migrations, demo seed)");
    const started = await startFerry({ distDir, dataDir });
    ferryProcess = started.child;
    const cookie = await signInDemoCustomer(started.baseUrl);
    log(`Ferry answers on ${started.baseUrl}; the demo customer is signed in`);

    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
    });
    const options = { baseUrl: started.baseUrl, port: chrome.port, cookie, runs };
    const floorRun = await measurePage({ path: FLOOR_PATH, isSignedIn: false }, options);
    const pages: PageFigures[] = [];
    for (const page of selectedPages()) {
      pages.push((await measurePage(page, options)).figures);
    }
    const floor = floorRun.figures;
    const root = pages[0];
    const rootJsKilobytes = root.scriptBytes / 1024;
    const publicPages = pages.filter((page) => !page.isSignedIn);
    const results = {
      benchmark: "web first load (Lighthouse, mobile profile)",
      measuredAt: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model,
        memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      },
      lighthouseVersion: floorRun.lighthouseVersion,
      browser: floorRun.userAgent,
      settings: { runsPerPage: runs, build: isFresh ? "fresh build of this checkout" : process.env.BENCH_WEB_DIST },
      targets: TARGETS,
      reference: { ...floor, note: "plain HTML, no script or stylesheet: the floor of this machine and profile" },
      pages: pages.map((page) => ({ ...page, lcpToReference: Number((page.lcpMs / floor.lcpMs).toFixed(2)) })),
      rootJavaScript: { kilobytes: Number(rootJsKilobytes.toFixed(1)), requests: root.scriptRequests },
      // The landing page's script per language (issue 29): each language's messages come beside the first script.
      landingJavaScriptByLanguage: Object.fromEntries(
        pages
          .filter((page) => page.path === "/" || /^\/[a-z]{2}\/$/.test(page.path))
          .map((page) => [
            page.path,
            { kilobytes: Number((page.scriptBytes / 1024).toFixed(1)), requests: page.scriptRequests },
          ]),
      ),
      targetsMet: {
        publicPageScores: publicPages.every((page) =>
          CATEGORIES.every((category) => page.scores[category] >= TARGETS.minimumScore),
        ),
        rootJavaScript: rootJsKilobytes <= TARGETS.maxRootJsKilobytes,
      },
    };
    await mkdir(path.dirname(outFile), { recursive: true });
    await writeFile(outFile, `${JSON.stringify(results, null, 2)}\n`);
    printSummary(pages, floor, rootJsKilobytes);
    log(`results written to ${path.relative(ROOT, outFile)}`);
  } finally {
    await chrome?.kill();
    const ferry = ferryProcess;
    if (ferry && ferry.exitCode === null) {
      ferry.kill("SIGTERM");
      await new Promise((resolve) => ferry.once("exit", resolve));
    }
    await rm(workDir, { recursive: true, force: true });
  }
}

const watchdog = setTimeout(() => {
  console.error(`bench:web did not finish within ${RUN_TIMEOUT_MS / 60_000} minutes`);
  ferryProcess?.kill("SIGTERM");
  process.exit(1);
}, RUN_TIMEOUT_MS);
watchdog.unref();

await main();
// The launcher and Lighthouse may keep handles open; the results are written.
process.exit(0);
