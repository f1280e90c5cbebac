import { isLanguage, LANGUAGE_NAMES, LANGUAGES, pathInLanguage, splitLanguagePath } from "@ferry/core/i18n/languages";
import { clsx } from "clsx";
import { LanguagesIcon } from "lucide-react";
import { useId } from "react";
import { useLocation } from "react-router";
import { activeLanguage, rememberLanguage, t } from "../i18n/i18n.tsx";
import { useIsHydrated } from "../lib/use-is-hydrated.ts";

/**
 * The public header's language choice (decision 047): each language by its own name; choosing one keeps
 * it in the `ferry_lang` cookie (so `/` and the sign-in pages follow it, English included) and opens the
 * same page in it, as a fresh page load: the server sends that language's pre-rendered page.
 */
export function LanguageSwitcher({
  className,
  openPage = (url) => window.location.assign(url),
}: {
  className?: string;
  /** Loads the page at `url` afresh (a test watches it instead). */
  openPage?: (url: string) => void;
}) {
  const id = useId();
  const { pathname, search, hash } = useLocation();
  const isHydrated = useIsHydrated();
  return (
    <div className={clsx("relative flex items-center", className)}>
      <label htmlFor={id} className="sr-only">
        {t("Language")}
      </label>
      <LanguagesIcon aria-hidden="true" className="pointer-events-none absolute left-2 size-4 text-slate-500" />
      <select
        id={id}
        value={activeLanguage()}
        disabled={!isHydrated}
        onChange={(event) => {
          const language = event.target.value;
          if (!isLanguage(language)) {
            return;
          }
          rememberLanguage(language);
          openPage(`${pathInLanguage(splitLanguagePath(pathname).path, language)}${search}${hash}`);
        }}
        className="h-9 cursor-pointer appearance-none rounded-lg border border-transparent bg-transparent py-1 pl-7 pr-2 text-[13px] font-medium text-slate-700 transition-colors hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring lg:text-sm"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
