import { ArrowLeftIcon } from "lucide-react";
import { t } from "../i18n/i18n.tsx";
import { NOT_FOUND } from "./content/site.ts";
import { ctaClass } from "./cta-class.ts";
import { FerryLogo } from "./ferry-logo.tsx";
import { Link } from "./local-link.tsx";
import { documentTitleOf } from "./page-meta.tsx";

/** Shown for any path no route matches: 'Oops! Page not found' and a way back home, the tab saying so too. */
export function NotFoundPage() {
  return (
    <div className="relative isolate flex min-h-screen flex-col overflow-hidden bg-linear-to-b from-indigo-50 via-white to-background">
      <div
        aria-hidden="true"
        className="absolute top-1/3 left-1/2 -z-10 size-[34rem] -translate-x-1/2 -translate-y-1/2 rounded-full bg-indigo-200/40 blur-3xl"
      />
      {/* React 19 puts it in <head>: the tab says "Oops! Page not found · Ferry", not the site's title (issue 30). */}
      <title>{documentTitleOf(t(NOT_FOUND.heading))}</title>
      <header className="mx-auto w-full max-w-7xl px-4 py-5 sm:px-6 lg:px-8">
        <FerryLogo />
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-24">
        <div className="text-center">
          <p
            aria-hidden="true"
            className="bg-linear-to-br from-indigo-600 to-violet-600 bg-clip-text text-[7rem] leading-none font-extrabold tracking-tighter text-transparent sm:text-[10rem]"
          >
            {NOT_FOUND.code}
          </p>
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t(NOT_FOUND.heading)}</h1>
          <p className="mx-auto mt-4 max-w-md text-lg text-slate-600">{t(NOT_FOUND.body)}</p>
          <Link to="/" className={`mt-9 ${ctaClass()}`}>
            <ArrowLeftIcon aria-hidden="true" />
            {t(NOT_FOUND.homeLabel)}
          </Link>
        </div>
      </main>
    </div>
  );
}
