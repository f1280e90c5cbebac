/*
 * Ferry's messages (issue 29, decision 044): one JSON file per language under messages/, keyed by the
 * English text (the spec's), in ICU MessageFormat. They are compiled before use (Lingui's compiled form:
 * no parser in the browser) and read through one translator per language.
 */
import { setupI18n } from "@lingui/core";
import { type CompiledMessage, compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { type Language, LOCALE_OF, SOURCE_LANGUAGE } from "./languages.ts";
import type english from "./messages/en.json";

/** A message's key: its English text, as it stands in messages/en.json. */
export type MessageKey = keyof typeof english;

/** A language's file as written: key → translation. */
export type RawCatalog = Readonly<Record<string, string>>;

/** The compiled form: a plain text stays a string; one with arguments or plurals becomes Lingui's tokens. */
export type CompiledCatalog = Readonly<Record<string, string | CompiledMessage>>;

/** The values a message's `{arguments}` take: texts already formatted (amounts, dates), or counts for plurals. */
export type MessageValues = Readonly<Record<string, string | number>>;

export type Translate = (key: MessageKey, values?: MessageValues) => string;

/**
 * Compiles a language's file. English drops every plain text (its key is its text, so a missing entry
 * reads the same): only its messages with arguments are sent to the browser.
 */
export function compileCatalog(raw: RawCatalog, language: Language): CompiledCatalog {
  const compiled: Record<string, string | CompiledMessage> = {};
  for (const [key, text] of Object.entries(raw)) {
    const tokens = compileMessageOrThrow(text);
    const plain = tokens.length === 1 && typeof tokens[0] === "string" ? tokens[0] : undefined;
    if (language === SOURCE_LANGUAGE && plain === key) {
      continue;
    }
    compiled[key] = plain ?? tokens;
  }
  return compiled;
}

/**
 * The translator for one language. A key it lacks (a server's text the catalog does not hold) reads as
 * itself, in English.
 */
export function createTranslator(
  language: Language,
  catalog: CompiledCatalog,
): {
  translate: Translate;
  translateText: (text: string, values?: MessageValues) => string;
} {
  const locale = LOCALE_OF[language];
  const i18n = setupI18n({
    locale,
    messages: { [locale]: catalog as Record<string, CompiledMessage> },
    missing: (_locale, id) => id,
  });
  // Only plain texts reach this: compileCatalog compiled everything else.
  i18n.setMessagesCompiler((message) => [message]);
  const translateText = (text: string, values?: MessageValues) => i18n._(text, values);
  return { translate: translateText, translateText };
}
