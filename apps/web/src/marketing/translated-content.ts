import type { MessageKey } from "@ferry/core/i18n/catalog";
import { format, t, translateText } from "../i18n/i18n.tsx";

/** A value of a `filled` text: a text, or a decimal number written as the reader's locale writes it. */
type FilledValue = string | { readonly decimal: string };

/** The English sentences `filled` made, each with its message and the values it was filled with. */
const FILLED = new Map<
  string,
  { readonly message: MessageKey; readonly values: Readonly<Record<string, FilledValue>> }
>();

function englishOf(value: FilledValue): string {
  return typeof value === "string" ? value : value.decimal;
}

/** A value in the active language: a text through the catalog, a decimal with the locale's separator. */
function translatedValue(value: FilledValue): string {
  if (typeof value === "string") {
    return translateText(value);
  }
  return format().decimal(value.decimal, value.decimal.split(".")[1]?.length ?? 0);
}

/**
 * A content text with values in it (the operator's details, the help desk's targets): `message` with
 * each `{name}` replaced, in English. The content files keep plain strings; `translatedContent` knows
 * the sentence and writes it again in the active language, each value translated when the catalog holds
 * it (an operator's name or address stays as it is), a decimal written the locale's way.
 */
export function filled(message: MessageKey, values: Readonly<Record<string, FilledValue>>): string {
  const english = message.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = values[name];
    return value === undefined ? placeholder : englishOf(value);
  });
  FILLED.set(english, { message, values });
  return english;
}

/** Whether `filled` made this text: `translatedContent` writes it again from its message. */
export function isFilledText(text: string): boolean {
  return FILLED.has(text);
}

function translatedText(text: string): string {
  const sentence = FILLED.get(text);
  if (!sentence) {
    return translateText(text);
  }
  const values = Object.fromEntries(
    Object.entries(sentence.values).map(([name, value]) => [name, translatedValue(value)]),
  );
  return t(sentence.message, values);
}

/** Fields of the content files that are not text a person reads: names, paths, icons, figures. */
export const UNTRANSLATED_FIELDS: ReadonlySet<string> = new Set([
  "id",
  "kind",
  "to",
  "icon",
  "tone",
  "source",
  "currency",
  "amount",
]);

/**
 * A page's content (content/*.ts: English texts, each its message key) with every text in the active
 * language (issue 29): the section components lay out what they are given, so the pages are translated
 * in one place. A text no catalog holds stays English.
 */
export function translatedContent<T>(value: T): T {
  if (typeof value === "string") {
    return translatedText(value) as T;
  }
  if (Array.isArray(value)) {
    return value.map((item) => translatedContent(item)) as T;
  }
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([field, inner]) => [
        field,
        UNTRANSLATED_FIELDS.has(field) ? inner : translatedContent(inner),
      ]),
    ) as T;
  }
  return value;
}
