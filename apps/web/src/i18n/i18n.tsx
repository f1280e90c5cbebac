/*
 * The web app's language and time zone (issue 29, decision 044). One active translator and formatter,
 * read anywhere through `t()` and `format()` — in a render, a toast or a column's label — and a provider
 * that switches them: it loads the new language's messages first (only the active language is
 * downloaded, English too, and of English only its messages with arguments: the first script stays
 * small), then renders the app again from the top (`key`), so every text is read anew.
 */

import { type CompiledCatalog, createTranslator, type MessageKey, type MessageValues } from "@ferry/core/i18n/catalog";
import { createFormatter, type Formatter } from "@ferry/core/i18n/format";
import {
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
  negotiateLanguage,
  SOURCE_LANGUAGE,
  splitLanguagePath,
} from "@ferry/core/i18n/languages";
import { Fragment, type ReactNode, useEffect, useState } from "react";

type Part = "site" | "public" | "pages" | "app";

/**
 * Each language's four parts (apps/web/build/messages.ts): the first script's messages (the public layout
 * and the landing page), the rest of the public site's, the marketing pages' own (decision 047), and the
 * app's.
 */
const LOADERS: Readonly<Record<Language, Readonly<Record<Part, () => Promise<{ default: CompiledCatalog }>>>>> = {
  en: {
    site: () => import("virtual:ferry-messages/en-site"),
    public: () => import("virtual:ferry-messages/en-public"),
    pages: () => import("virtual:ferry-messages/en-pages"),
    app: () => import("virtual:ferry-messages/en-app"),
  },
  es: {
    site: () => import("virtual:ferry-messages/es-site"),
    public: () => import("virtual:ferry-messages/es-public"),
    pages: () => import("virtual:ferry-messages/es-pages"),
    app: () => import("virtual:ferry-messages/es-app"),
  },
  fr: {
    site: () => import("virtual:ferry-messages/fr-site"),
    public: () => import("virtual:ferry-messages/fr-public"),
    pages: () => import("virtual:ferry-messages/fr-pages"),
    app: () => import("virtual:ferry-messages/fr-app"),
  },
  de: {
    site: () => import("virtual:ferry-messages/de-site"),
    public: () => import("virtual:ferry-messages/de-public"),
    pages: () => import("virtual:ferry-messages/de-pages"),
    app: () => import("virtual:ferry-messages/de-app"),
  },
  zh: {
    site: () => import("virtual:ferry-messages/zh-site"),
    public: () => import("virtual:ferry-messages/zh-public"),
    pages: () => import("virtual:ferry-messages/zh-pages"),
    app: () => import("virtual:ferry-messages/zh-app"),
  },
};

/**
 * The loaded messages of each language, parts merged. Until English's arrive, its plain texts already
 * read right (each is its own key): the first render waits for `prepareI18n`, so only messages with
 * arguments ever needed them.
 */
const catalogs = new Map<Language, Record<string, CompiledCatalog[string]>>([["en", {}]]);

/**
 * The parts pages shown so far need: the first script's always; the public site's once any page but the
 * landing page loads; the app's once the signed-in shell loads.
 */
const neededParts = new Set<Part>(["site"]);

interface Active {
  readonly language: Language;
  /** The person's chosen zone; undefined for the browser's own, which dates follow before a choice. */
  readonly timeZone: string | undefined;
  readonly translate: ReturnType<typeof createTranslator>;
  readonly formatter: Formatter;
}

function activeOf(language: Language, timeZone: string | undefined): Active {
  const catalog = catalogs.get(language);
  if (!catalog) {
    throw new Error(`The ${language} messages are not loaded`);
  }
  return {
    language,
    timeZone,
    translate: createTranslator(language, catalog),
    formatter: createFormatter({ language, timeZone }),
  };
}

let active: Active = activeOf(SOURCE_LANGUAGE, "UTC");
const loading = new Map<string, Promise<void>>();

/** A message in the active language; `key` is its English text (packages/core/src/i18n/messages/en.json). */
export function t(key: MessageKey, values?: MessageValues): string {
  return active.translate.translate(key, values);
}

/**
 * A text that came from elsewhere (a server's error message, a shared constant): translated when the
 * catalog holds it, shown as it is otherwise.
 */
export function translateText(text: string, values?: MessageValues): string {
  return active.translate.translateText(text, values);
}

/**
 * A message in a language `loadLanguage` has loaded, active or not: for a text raised as the language
 * changes (the toast of a newly saved language), before the app renders again in it.
 */
export function translateIn(language: Language, key: MessageKey, values?: MessageValues): string {
  const catalog = catalogs.get(language);
  return catalog ? createTranslator(language, catalog).translate(key, values) : t(key, values);
}

/** The formatter of the active language and time zone: amounts, money, dates. */
export function format(): Formatter {
  return active.formatter;
}

export function activeLanguage(): Language {
  return active.language;
}

function loadPart(language: Language, part: Part): Promise<void> {
  const key = `${language}/${part}`;
  let load = loading.get(key);
  if (!load) {
    load = LOADERS[language][part]().then(({ default: messages }) => {
      catalogs.set(language, { ...catalogs.get(language), ...messages });
    });
    loading.set(key, load);
    // A failed download may be tried again.
    load.catch(() => loading.delete(key));
  }
  return load;
}

/** Loads a language's messages, every part the pages so far need (once); resolves when `t()` can read them. */
export async function loadLanguage(language: Language): Promise<void> {
  await Promise.all([...neededParts].map((part) => loadPart(language, part)));
}

/** Loads a part of the active language's messages, and keeps loading it with every later language. */
async function loadPartFromNowOn(part: Part): Promise<void> {
  neededParts.add(part);
  const { language, timeZone } = active;
  await loadLanguage(language);
  if (active.language === language) {
    activate(language, timeZone);
  }
}

/**
 * Loads the signed-in app's messages of the active language (the app shell's route awaits it before its
 * first render), and keeps loading them with every later language.
 */
export function loadAppMessages(): Promise<void> {
  // The app's forms validate with zod, which its pages carry anyway: its messages come along.
  return Promise.all([loadPartFromNowOn("app"), loadZodMessages()]).then(() => undefined);
}

/**
 * Loads the public site's messages beyond the first script's (every page's route but the landing page's
 * awaits them with its code), and keeps loading them with every later language.
 */
export function loadPublicMessages(): Promise<void> {
  return loadPartFromNowOn("public");
}

/**
 * Loads the marketing pages' own messages (a marketing page's route awaits them with the page's code;
 * decision 047), and keeps loading them with every later language.
 */
export function loadPageMessages(): Promise<void> {
  return loadPartFromNowOn("pages");
}

/*
 * zod's own messages ("Too small: expected string to have >=8 characters"), for a rule whose schema in
 * core names no message of its own: in the active language, from zod's locales. A locale is fetched when
 * code that validates with zod is loaded (the app's messages, `lazyResolver`, the sign-up pages), not
 * with a public page's first script, and again when the language changes after that. zod reads
 * `customError` from its global settings before its English `localeError`; until a locale has arrived
 * (and for English) it answers nothing, so zod's English stands.
 */
type ZodErrorMap = (issue: never) => unknown;
const ZOD_LOCALES: Readonly<
  Record<Exclude<Language, "en">, () => Promise<{ default: () => { localeError: ZodErrorMap } }>>
> = {
  es: () => import("zod/v4/locales/es.js"),
  fr: () => import("zod/v4/locales/fr.js"),
  de: () => import("zod/v4/locales/de.js"),
  zh: () => import("zod/v4/locales/zh-CN.js"),
};
const zodMessages = new Map<Language, ZodErrorMap>();
let isZodWanted = false;
// The settings object zod-jitless.ts made (or zod did, in the tests): changed in place, as zod holds it.
const zodSettings = globalThis as { __zod_globalConfig?: { customError?: (issue: never) => unknown } };
zodSettings.__zod_globalConfig ??= {};
zodSettings.__zod_globalConfig.customError = (issue) => zodMessages.get(active.language)?.(issue);

async function loadZodLocale(language: Language): Promise<void> {
  if (language === "en" || zodMessages.has(language)) {
    return;
  }
  const { default: locale } = await ZOD_LOCALES[language]();
  zodMessages.set(language, locale().localeError);
}

/** Fetches zod's messages in the active language, and in each language activated after this. */
export function loadZodMessages(): Promise<void> {
  isZodWanted = true;
  return loadZodLocale(active.language);
}

/** Makes a loaded language and a time zone the active ones, and sets `<html lang>`. */
export function activate(language: Language, timeZone: string | undefined): void {
  active = activeOf(language, timeZone);
  if (typeof document !== "undefined") {
    document.documentElement.lang = language;
  }
  if (isZodWanted) {
    void loadZodLocale(language).catch(() => undefined);
  }
}

function cookieLanguage(): Language | undefined {
  if (typeof document === "undefined") {
    return undefined;
  }
  const value = document.cookie
    .split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  return isLanguage(value) ? value : undefined;
}

/** Keeps the language for the next visit (and the server's choice of public page): a year. */
export function rememberLanguage(language: Language): void {
  if (typeof document !== "undefined" && cookieLanguage() !== language) {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari.
    document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
  }
}

/**
 * The language a page opens in before the session is read. A pre-rendered page was written in one
 * language, which its `<html lang>` names (the server chose it by path, cookie or Accept-Language): it
 * must hydrate in that one. Any other page: its path's language prefix, then the cookie, then the
 * browser's languages.
 */
export function initialLanguage(isPrerendered: boolean): Language {
  if (typeof document === "undefined") {
    return SOURCE_LANGUAGE;
  }
  const written = document.documentElement.lang;
  if (isPrerendered) {
    return isLanguage(written) ? written : SOURCE_LANGUAGE;
  }
  // A public page's language prefix (`/de/rates`, decision 047) is always honoured.
  const fromPath = splitLanguagePath(window.location.pathname).language;
  if (fromPath !== SOURCE_LANGUAGE) {
    return fromPath;
  }
  return cookieLanguage() ?? negotiateLanguage(navigator.languages.join(","));
}

/**
 * Loads and activates the language a page opens in: main.tsx awaits it before the first render. A page
 * of the signed-in app (`isAppPage`) loads the app's messages with the site's, in parallel, rather than
 * once the shell's route asks for them: one round trip fewer before its first paint (issue 29).
 */
export async function prepareI18n(isPrerendered: boolean, isAppPage = false): Promise<void> {
  if (isAppPage) {
    // Its page's route needs the public part too (routes.tsx's lazyRoute): loaded beside the others, not
    // one round trip after them (decision 052).
    neededParts.add("app");
    neededParts.add("public");
  }
  const language = initialLanguage(isPrerendered);
  await loadLanguage(language);
  // The browser's own zone, left to Intl when a date is first shown: asking Intl for its name up front
  // started ICU's date and zone data on every page load, a long task of its own on a slow phone.
  activate(language, undefined);
}

/** Whether two zones are one; undefined is the browser's own, whose name is asked for only here. */
function isSameZone(zone: string | undefined, activeZone: string | undefined): boolean {
  return zone === activeZone || (activeZone === undefined && zone === Intl.DateTimeFormat().resolvedOptions().timeZone);
}

/** What the signed-in person saved, when known: it wins over the path, cookie and browser. */
export interface ChosenReading {
  readonly language?: Language;
  readonly timeZone?: string;
}

/**
 * Renders the app in the active language, and switches when `chosen` (the saved preferences) differs:
 * the new language's messages are loaded first, then the app renders again from the top.
 */
export function I18nProvider({ chosen, children }: { chosen: ChosenReading; children: ReactNode }) {
  const [shown, setShown] = useState({ language: active.language, timeZone: active.timeZone });
  const language = chosen.language ?? shown.language;
  const timeZone = chosen.timeZone ?? shown.timeZone;
  useEffect(() => {
    if (chosen.language) {
      rememberLanguage(chosen.language);
    }
    if (language === active.language && isSameZone(timeZone, active.timeZone)) {
      if (timeZone !== active.timeZone) {
        // The browser's zone, now by its name: every date on screen stays as it is.
        activate(language, timeZone);
      }
      return;
    }
    let isCurrent = true;
    void loadLanguage(language).then(() => {
      if (isCurrent) {
        activate(language, timeZone);
        setShown({ language, timeZone });
      }
    });
    return () => {
      isCurrent = false;
    };
  }, [chosen.language, language, timeZone]);
  return <Fragment key={`${shown.language}|${shown.timeZone}`}>{children}</Fragment>;
}
