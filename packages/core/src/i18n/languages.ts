/*
 * Ferry's five languages (SPEC §9, issue 29): which one a person reads, and how a public page's path
 * names it. Decision 044.
 */

export const LANGUAGES = ["en", "es", "fr", "de", "zh"] as const;
export type Language = (typeof LANGUAGES)[number];

/** English is the source: its texts are the spec's, and every other language's keys. */
export const SOURCE_LANGUAGE: Language = "en";

/** The locale `Intl` formats each language's numbers, money and dates in. */
export const LOCALE_OF: Readonly<Record<Language, string>> = {
  en: "en-US",
  es: "es-ES",
  fr: "fr-FR",
  de: "de-DE",
  zh: "zh-CN",
};

/** Each language's name in itself, as a switcher lists it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: "English",
  es: "Español",
  fr: "Français",
  de: "Deutsch",
  zh: "中文",
};

/** The cookie that keeps a visitor's choice (and a signed-in person's saved one) for the next visit. */
export const LANGUAGE_COOKIE = "ferry_lang";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language an `Accept-Language` header (or `navigator.languages`, joined) prefers among Ferry's,
 * by its q-values; English when it names none of them.
 */
export function negotiateLanguage(acceptLanguage: string | null | undefined): Language {
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return { primary: tag.trim().toLowerCase().split("-")[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.primary).find(isLanguage) ?? SOURCE_LANGUAGE;
}

/**
 * The language a public page's path names, and the path without it: `/de/rates` is German `/rates`;
 * a path without a prefix is English.
 */
export function splitLanguagePath(pathname: string): { language: Language; path: string } {
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  if (match && isLanguage(match[1]) && match[1] !== SOURCE_LANGUAGE) {
    return { language: match[1], path: match[2] === "" ? "/" : match[2] };
  }
  return { language: SOURCE_LANGUAGE, path: pathname };
}

/** A public page's path in `language`: `/rates` in German is `/de/rates`, `/` is `/de/`; English has no prefix. */
export function pathInLanguage(path: string, language: Language): string {
  if (language === SOURCE_LANGUAGE) {
    return path;
  }
  return path === "/" ? `/${language}/` : `/${language}${path}`;
}
