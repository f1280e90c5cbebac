import { pathInLanguage, SOURCE_LANGUAGE } from "@ferry/core/i18n/languages";
import { hasLanguagePaths, localizedRouteOf } from "@ferry/core/web-routes";
import { type LinkProps, Link as RouterLink } from "react-router";
import { activeLanguage } from "../i18n/i18n.tsx";

/**
 * A link's address in the language shown (decision 047): a marketing page's English path gets the
 * language's prefix (`/rates` on a German page is `/de/rates`); the app's pages (/login, /dashboard)
 * keep their paths, as does anything already prefixed, a fragment or an outside address.
 */
export function localPath(to: string): string {
  const [, path = "", rest = ""] = /^([^?#]*)(.*)$/s.exec(to) ?? [];
  const localized = path.startsWith("/") ? localizedRouteOf(path) : undefined;
  if (!localized || localized.language !== SOURCE_LANGUAGE || !hasLanguagePaths(localized.route)) {
    return to;
  }
  return `${pathInLanguage(path, activeLanguage())}${rest}`;
}

/** React Router's Link, keeping the language shown (`localPath`): every link of the public pages. */
export function Link({ to, ...props }: LinkProps) {
  return <RouterLink to={typeof to === "string" ? localPath(to) : to} {...props} />;
}
