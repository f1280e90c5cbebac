import { translateText } from "../i18n/i18n.tsx";

/** Fields of the content files that are not text a person reads: names, paths, icons, figures. */
const UNTRANSLATED_FIELDS: ReadonlySet<string> = new Set([
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
    return translateText(value) as T;
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
