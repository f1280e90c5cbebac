import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./build/precompress.ts";

// In development the API runs on :3000 and Vite proxies to it, so the browser sees one origin.
const apiTarget = process.env.FERRY_API_URL ?? "http://localhost:3000";

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: { "/api": apiTarget, "/dev": apiTarget },
  },
  build: { outDir: "dist", emptyOutDir: true, chunkSizeWarningLimit: 1024 },
});
