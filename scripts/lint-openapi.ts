// `npm test` step: builds the server without a database, writes its OpenAPI document to a temporary
// file and lints it with Redocly's `recommended` rules (redocly.yaml), offline. Any error or warning
// fails the run. `--print` writes the document to stdout instead of linting it.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildOpenApiDocument } from "./build-openapi-document.ts";

const document = await buildOpenApiDocument();
if (process.argv.includes("--print")) {
  process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
  process.exit(0);
}
const directory = mkdtempSync(path.join(os.tmpdir(), "ferry-openapi-"));
const file = path.join(directory, "openapi.json");
try {
  writeFileSync(file, JSON.stringify(document, null, 2));
  // Telemetry off and no update check: the lint must not reach the network.
  const result = spawnSync(
    "npx",
    ["--no-install", "redocly", "lint", file, "--config", "redocly.yaml", "--max-problems", "200"],
    {
      stdio: "inherit",
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", CI: "true" },
    },
  );
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(directory, { recursive: true, force: true });
}
