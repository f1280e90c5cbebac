/*
 * The server's side of Ferry's languages (issue 29, decisions 044 and 048): the five message files,
 * read and compiled once when the server starts, and one reader per recipient (their language's
 * translator and a formatter in their language and time zone) for e-mails and CSV exports.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { type CompiledCatalog, compileCatalog, createTranslator, type RawCatalog } from "@ferry/core/i18n/catalog";
import { createFormatter, type Formatter } from "@ferry/core/i18n/format";
import { LANGUAGES, type Language, SOURCE_LANGUAGE } from "@ferry/core/i18n/languages";

/** packages/core/src/i18n/messages, found from this file so the server runs from any directory. */
const MESSAGES_DIR = path.join(import.meta.dirname, "../../../../packages/core/src/i18n/messages");

type Translator = ReturnType<typeof createTranslator>;

const translators = new Map<Language, Translator>(
  LANGUAGES.map((language) => {
    const raw = JSON.parse(readFileSync(path.join(MESSAGES_DIR, `${language}.json`), "utf8")) as RawCatalog;
    const catalog: CompiledCatalog = compileCatalog(raw, language);
    return [language, createTranslator(language, catalog)];
  }),
);

/** The translator of one language; a text no catalog holds reads as itself, in English. */
export function translatorFor(language: Language): Translator {
  return translators.get(language) ?? (translators.get(SOURCE_LANGUAGE) as Translator);
}

/** What a text for one person is written with: their language's messages and their formatter. */
export interface Reader {
  readonly language: Language;
  readonly t: Translator["translate"];
  /** A text another module wrote in English (a rule, a method's name): translated when a catalog has it. */
  readonly translateText: Translator["translateText"];
  readonly format: Formatter;
}

/**
 * Readers made once per language and time zone: a batch's notifications are written with them, and
 * making a formatter cost more than writing the text (issue 31). The few hundred time zones bound them;
 * the cap bounds them anyway.
 */
const readers = new Map<string, Reader>();
const MAX_READERS = 2_000;

/** The reader for a language and an IANA time zone (UTC when a person never chose one). */
export function readerFor(language: Language, timeZone = "UTC"): Reader {
  const key = `${language} ${timeZone}`;
  let reader = readers.get(key);
  if (reader === undefined) {
    const { translate, translateText } = translatorFor(language);
    reader = { language, t: translate, translateText, format: createFormatter({ language, timeZone }) };
    if (readers.size >= MAX_READERS) {
      readers.clear();
    }
    readers.set(key, reader);
  }
  return reader;
}
