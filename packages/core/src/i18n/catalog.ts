/*
 * Ferry's messages (issue 29, decision 044): one JSON file per language under messages/, keyed by the
 * English text (the spec's), in ICU MessageFormat. Lingui's compiler turns them into tokens at build
 * time (no parser in the browser), read through one translator per language.
 */
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

type Tokens = readonly (string | readonly [string, string?, unknown?])[];
type Choices = Readonly<Record<string, Tokens>> & { readonly offset?: number };

const pluralRulesCache = new Map<string, Intl.PluralRules>();

function pluralRules(locale: string, type: Intl.PluralRuleType): Intl.PluralRules {
  const key = `${locale}|${type}`;
  let rules = pluralRulesCache.get(key);
  if (!rules) {
    rules = new Intl.PluralRules(locale, { type });
    pluralRulesCache.set(key, rules);
  }
  return rules;
}

/**
 * Reads Lingui's compiled tokens (a text, `[argument]`, `[argument, "plural" | "selectordinal" |
 * "select", choices]`, `[argument, "number"]`): a few lines in place of @lingui/core's runtime, which
 * bundles the message parser and would add 13 KB to the first script (decision 044). `#` in a plural
 * branch is the count, in the locale's digits.
 */
function render(tokens: Tokens, values: MessageValues, locale: string, count?: number): string {
  let text = "";
  for (const token of tokens) {
    if (typeof token === "string") {
      text += token === "#" && count !== undefined ? new Intl.NumberFormat(locale).format(count) : token;
      continue;
    }
    const [name, type, format] = token;
    const value = values[name];
    if (type === "plural" || type === "selectordinal") {
      const { offset = 0, ...choices } = format as Choices;
      const number = Number(value) - offset;
      const category = pluralRules(locale, type === "plural" ? "cardinal" : "ordinal").select(number);
      const branch = choices[String(value)] ?? choices[category] ?? choices.other ?? [];
      text += render(branch, values, locale, number);
    } else if (type === "select") {
      const choices = format as Choices;
      text += render(choices[String(value)] ?? choices.other ?? [], values, locale, count);
    } else if (type === "number" && typeof value === "number") {
      text += new Intl.NumberFormat(locale).format(value);
    } else {
      text += value === undefined ? `{${name}}` : String(value);
    }
  }
  return text;
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
  const translateText = (text: string, values: MessageValues = {}) => {
    const message = catalog[text] ?? text;
    return typeof message === "string" ? message : render(message as Tokens, values, locale);
  };
  return { translate: translateText, translateText };
}
