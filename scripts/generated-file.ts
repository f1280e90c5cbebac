// Writing a generated, committed file, or (`--check`) failing when the committed one has drifted from
// its source. Used by the generators (`npm run db:types`, `npm run api:types`).
import { spawnSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

/** Formats TypeScript text as `biome check --write` would leave `file` (imports sorted included). */
export function formatWithBiome(text: string, file: string): string {
  const biome = createRequire(import.meta.url).resolve("@biomejs/biome/bin/biome");
  const result = spawnSync(
    process.execPath,
    [biome, "check", "--write", `--stdin-file-path=${path.relative(ROOT, file)}`],
    { cwd: ROOT, input: text, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.status !== 0) {
    throw new Error(`Biome could not format the generated file (exit ${result.status}):\n${result.stderr}`);
  }
  return result.stdout;
}

/** What a generated file is made from and how to remake it, for the messages. */
export interface GeneratedFileSource {
  /** "the migrations", "the OpenAPI document". */
  readonly source: string;
  /** "npm run db:types". */
  readonly command: string;
}

/**
 * Writes `generated` to `file`; with `isCheck`, writes nothing and sets exit code 1 (naming the file and
 * the command that remakes it) when the committed file differs.
 */
export async function writeOrCheckGenerated(
  file: string,
  generated: string,
  isCheck: boolean,
  { source, command }: GeneratedFileSource,
): Promise<void> {
  const relativeFile = path.relative(ROOT, file);
  if (!isCheck) {
    await writeFile(file, generated);
    console.log(`✔ Wrote ${relativeFile} from ${source}.`);
    return;
  }
  const committed = await readFile(file, "utf8").catch(() => "");
  if (committed !== generated) {
    console.error(`✖ ${relativeFile} differs from ${source}; run \`${command}\` and commit the result.`);
    process.exitCode = 1;
    return;
  }
  console.log(`✔ ${relativeFile} matches ${source}.`);
}
