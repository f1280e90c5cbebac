import { LANGUAGES, pathInLanguage } from "@ferry/core/i18n/languages";
import { SITEMAP_PATHS } from "@ferry/core/public-pages";
import { WEB_ROUTES, type WebRoute } from "@ferry/core/web-routes";

/*
 * robots.txt and sitemap.xml, written per request from core's route table and PUBLIC_URL (decision 021):
 * the addresses must be absolute and the build does not know where it will be served.
 */

/** Paths crawlers are asked to leave alone besides the app's own pages: the API and the development tools. */
const DISALLOWED_PREFIXES = ["/api/", "/dev/", "/admin/"];

/**
 * Crawlers may read the public pages; the API, the development tools and every page of the signed-in
 * app (it shows nothing without a session) are disallowed. The sitemap is named with its absolute address.
 */
export function robotsTxt(publicUrl: string): string {
  const signedInPaths = (WEB_ROUTES as readonly WebRoute[])
    .filter((route) => route.access === "signed-in")
    .map((route) => route.path);
  const lines = [
    "User-agent: *",
    "Allow: /",
    ...[...DISALLOWED_PREFIXES, ...signedInPaths].map((prefix) => `Disallow: ${prefix}`),
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
  ];
  return `${lines.join("\n")}\n`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * The alternates of a page: its address in each language, and x-default (the English one, which also
 * sends a visitor of `/` to their language), as `xhtml:link` elements.
 */
function alternatesOf(publicUrl: string, path: string): string[] {
  const link = (hreflang: string, href: string) =>
    `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(`${publicUrl}${href}`)}"/>`;
  return [...LANGUAGES.map((language) => link(language, pathInLanguage(path, language))), link("x-default", path)];
}

/**
 * Every canonical public page (aliases and query-dependent pages are not) in every language (decision
 * 047), absolute, each naming its versions in the other languages.
 */
export function sitemapXml(publicUrl: string): string {
  const entries = LANGUAGES.flatMap((language) =>
    SITEMAP_PATHS.map((path) =>
      [
        "  <url>",
        `    <loc>${escapeXml(`${publicUrl}${pathInLanguage(path, language)}`)}</loc>`,
        ...alternatesOf(publicUrl, path),
        "  </url>",
      ].join("\n"),
    ),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
}
