import { LANGUAGES, pathInLanguage } from "@ferry/core/i18n/languages";
import { activeLanguage, translateText } from "../i18n/i18n.tsx";
import { SITE } from "./content/site.ts";

/** The browser tab's title of a page: "Business payments · Ferry". */
export function documentTitleOf(title: string): string {
  return `${title} · ${SITE.name}`;
}

/**
 * The absolute canonical address of a path: the site's origin (where the page is served from) and the
 * path. Search engines want it absolute; a render without a location (a bare server render) keeps the path.
 */
export function canonicalUrlOf(path: string): string {
  const origin = globalThis.location?.origin;
  return origin ? new URL(path, origin).href : path;
}

/**
 * A public page's title, meta description, canonical link (its address in the language shown) and its
 * address in every language (`hreflang`, x-default the English one: decision 047). React 19 hoists these
 * into the document's <head> wherever the page renders them, and takes them out when the page goes.
 * `path` is the page's English path; `title` and `description` the English texts, shown translated.
 */
export function PageMeta({ title, description, path }: { title: string; description: string; path: string }) {
  return (
    <>
      <title>{documentTitleOf(translateText(title))}</title>
      <meta name="description" content={translateText(description)} />
      <link rel="canonical" href={canonicalUrlOf(pathInLanguage(path, activeLanguage()))} />
      {LANGUAGES.map((language) => (
        <link
          key={language}
          rel="alternate"
          hrefLang={language}
          href={canonicalUrlOf(pathInLanguage(path, language))}
        />
      ))}
      <link rel="alternate" hrefLang="x-default" href={canonicalUrlOf(path)} />
    </>
  );
}
