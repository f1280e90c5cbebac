import { createHash } from "node:crypto";
import { rm } from "node:fs/promises";
import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compiledMessages } from "./build/messages.ts";
import { precompressDirectory } from "./build/precompress.ts";
import { prerenderPages, recordChunkModules, trackPageImports } from "./build/prerender.ts";
import { inlineThemeScript } from "./build/theme-script.ts";

// In development the API runs on :3000 and Vite proxies to it, so the browser sees one origin.
const apiTarget = process.env.FERRY_API_URL ?? "http://localhost:3000";

const webRoot = import.meta.dirname;
// WEB_BUILD_OUT_DIR builds elsewhere than dist/ (npm run bench:web builds its own copy, so a build or a
// test run beside it does not change the files under measurement).
const clientOutDir = path.resolve(process.env.WEB_BUILD_OUT_DIR ?? path.join(webRoot, "dist"));
// The server-side build of src/prerender.tsx: used by the build to pre-render pages, then deleted. One
// per output directory, so two builds at once (a benchmark's and a test run's) do not share it.
const prerenderOutDir = path.join(
  webRoot,
  "node_modules",
  `.ferry-prerender-${createHash("sha256").update(clientOutDir).digest("hex").slice(0, 8)}`,
);
// Vite's manifest of the browser build (which chunk holds which module): read by the pre-render step,
// then deleted so it is not served.
const clientManifestFile = path.join(clientOutDir, ".vite", "manifest.json");

export default defineConfig({
  plugins: [react(), tailwindcss(), compiledMessages(), trackPageImports(), recordChunkModules(), inlineThemeScript()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: { "/api": apiTarget, "/dev": apiTarget },
  },
  environments: {
    client: {
      build: {
        outDir: clientOutDir,
        emptyOutDir: true,
        chunkSizeWarningLimit: 1024,
        manifest: true,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // Everything the first script imports, in one file: left to itself, the bundler cuts it into
                // dozens of tiny shared chunks (an icon each), each costing a request and its headers.
                { name: "app", tags: ["$initial"], priority: 2 },
                // The query library and the app's client, off the public pages' first script (decision 050):
                // one file the first page that reads data fetches, not a dozen of its internals.
                // The signed-in shell and all it imports (guards, header, sidebar, bell, the API client) and
                // the dashboard, where signing in lands: one file instead of ~45 small ones, each a round trip
                // on a slow network (decision 052).
                {
                  name: "signed-in",
                  test: /src[\\/](app[\\/](shell[\\/]app-shell|signed-in-guards|query-provider)|features[\\/]dashboard[\\/]dashboard-page)\.tsx$/,
                  priority: 0,
                },
                {
                  name: "query",
                  test: /node_modules[\\/]@tanstack[\\/]|src[\\/]lib[\\/]query-client\.ts$/,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
    ssr: {
      build: {
        outDir: prerenderOutDir,
        emptyOutDir: true,
        rolldownOptions: { input: { prerender: path.join(webRoot, "src", "prerender.tsx") } },
      },
    },
  },
  // `vite build` builds the browser app, then the pre-render entry, writes the pre-rendered marketing
  // pages, and only then precompresses every text file, pre-rendered pages included (decision 021).
  builder: {
    async buildApp(builder) {
      await builder.build(builder.environments.client);
      await builder.build(builder.environments.ssr);
      const pages = await prerenderPages({
        distDir: clientOutDir,
        serverEntry: path.join(prerenderOutDir, "prerender.js"),
        clientManifestFile,
      });
      await rm(prerenderOutDir, { recursive: true, force: true });
      await rm(path.dirname(clientManifestFile), { recursive: true, force: true });
      const totals = await precompressDirectory(clientOutDir);
      builder.config.logger.info(
        `pre-rendered ${pages.length} pages; precompressed ${totals.files} files: ${Math.round(totals.bytes / 1024)} KB → ${Math.round(totals.brotliBytes / 1024)} KB (brotli)`,
      );
    },
  },
});
