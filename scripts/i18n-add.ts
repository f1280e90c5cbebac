/*
 * `npm run i18n:add -- FILE...`: adds messages to the five message files at once (issue 29). Each FILE
 * is JSON: `{ "English text": { "es": "…", "fr": "…", "de": "…", "zh": "…" } }`. English gets its own
 * text as the value. Keys are written sorted, so files edited by several people merge cleanly; a lock
 * directory keeps two runs at once from losing each other's messages. An existing key is replaced.
 */
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const LANGUAGES = ["en", "es", "fr", "de", "zh"] as const;
const TRANSLATED = LANGUAGES.filter((language) => language !== "en");
const messagesDir = path.join(import.meta.dirname, "..", "packages", "core", "src", "i18n", "messages");
const lockDir = path.join(messagesDir, "..", ".messages.lock");

type Fragment = Record<string, Partial<Record<(typeof LANGUAGES)[number], string>>>;

async function withLock(work: () => Promise<void>): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await mkdir(lockDir);
      break;
    } catch {
      if (attempt > 600) {
        throw new Error(`${lockDir} has been held for a minute: remove it if no run is going on`);
      }
      await sleep(100);
    }
  }
  try {
    await work();
  } finally {
    await rm(lockDir, { recursive: true, force: true });
  }
}

function sorted(catalog: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(catalog).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

async function main(): Promise<void> {
  const files = process.argv.slice(2);
  if (files.length === 0) {
    throw new Error("usage: npm run i18n:add -- FILE... (JSON: { English: { es, fr, de, zh } })");
  }
  const fragment: Fragment = {};
  for (const file of files) {
    Object.assign(fragment, JSON.parse(await readFile(file, "utf8")) as Fragment);
  }
  const problems = Object.entries(fragment).flatMap(([key, translations]) =>
    TRANSLATED.filter((language) => typeof translations[language] !== "string").map(
      (language) => `${JSON.stringify(key)} has no ${language}`,
    ),
  );
  if (problems.length > 0) {
    throw new Error(`Nothing written:\n${problems.join("\n")}`);
  }
  await withLock(async () => {
    for (const language of LANGUAGES) {
      const file = path.join(messagesDir, `${language}.json`);
      const catalog = JSON.parse(await readFile(file, "utf8")) as Record<string, string>;
      for (const [key, translations] of Object.entries(fragment)) {
        catalog[key] = language === "en" ? key : (translations[language] as string);
      }
      await writeFile(`${file}.tmp`, `${JSON.stringify(sorted(catalog), null, 2)}\n`);
      await rename(`${file}.tmp`, file);
    }
  });
  console.log(`${Object.keys(fragment).length} messages written to the five message files.`);
}

await main();
