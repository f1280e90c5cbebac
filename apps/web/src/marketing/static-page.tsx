import { ArrowLeftIcon, ArrowRightIcon, ConstructionIcon } from "lucide-react";
import { type ComponentType, useEffect } from "react";
import { useLocation } from "react-router";
import { Button } from "../components/ui/button.tsx";
import { Card } from "../components/ui/card.tsx";
import { STATIC_PAGE_PLACEHOLDER } from "./content/site.ts";
import { Link } from "./local-link.tsx";
import { MarketingLayout } from "./marketing-layout.tsx";
import { PageMeta } from "./page-meta.tsx";
import { STATIC_PAGE_COMPONENTS } from "./static-page-components.tsx";
import { STATIC_PAGES, type StaticPageEntry } from "./static-pages.ts";

/** A path as the registry writes it: no trailing slash (except the root). */
function normalisedPath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

/** The registry entry of the page at `path`. */
function findEntry(path: string): StaticPageEntry | undefined {
  return STATIC_PAGES.find((page) => page.path === normalisedPath(path));
}

/**
 * A public static page of the registry (static-pages.ts): the marketing layout, the page's title,
 * description and canonical link, and its body: `body`, else the page's from static-page-components.tsx.
 * Give `path`; without it the page is the one at the current address. A registered page without a body
 * yet shows its title, description and a way on.
 */
export function StaticPage({ path, body }: { path?: string; body?: ComponentType }) {
  const location = useLocation();
  const entry = findEntry(path ?? location.pathname);
  const Body = body ?? (entry ? STATIC_PAGE_COMPONENTS[entry.path] : undefined);
  useScrollToHash(location.hash);
  return (
    <MarketingLayout>
      {entry ? <PageMeta title={entry.title} description={entry.description} path={entry.path} /> : null}
      {Body ? <Body /> : <Placeholder title={entry?.title ?? ""} description={entry?.description ?? ""} />}
    </MarketingLayout>
  );
}

/**
 * Scrolls to the section a link's `#fragment` names ("/support#contact"): the browser does this on a full
 * load, but not when the router shows the page after a click on another page.
 */
function useScrollToHash(hash: string) {
  useEffect(() => {
    if (hash.length > 1) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    }
  }, [hash]);
}

function Placeholder({ title, description }: { title: string; description: string }) {
  return (
    <>
      <section
        aria-labelledby="static-page-heading"
        className="relative isolate overflow-hidden border-b border-slate-200/70"
      >
        <div aria-hidden="true" className="absolute inset-0 -z-10 bg-linear-to-b from-indigo-50 via-white to-white" />
        <div
          aria-hidden="true"
          className="absolute -top-40 left-1/2 -z-10 size-[36rem] -translate-x-1/2 rounded-full bg-indigo-200/40 blur-3xl"
        />
        <div className="mx-auto w-full max-w-3xl px-4 py-16 text-center sm:px-6 sm:py-24">
          <h1
            id="static-page-heading"
            className="text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl"
          >
            {title}
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-pretty text-slate-600 sm:text-xl">
            {description}
          </p>
        </div>
      </section>
      <section aria-labelledby="static-page-status" className="px-4 py-16 sm:px-6 sm:py-20">
        <Card className="mx-auto max-w-2xl rounded-2xl border-slate-200 p-8 text-center shadow-lg shadow-slate-900/5 sm:p-12">
          <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-indigo-50 text-primary ring-1 ring-indigo-100">
            <ConstructionIcon aria-hidden="true" className="size-7" />
          </span>
          <h2 id="static-page-status" className="mt-6 text-2xl font-bold tracking-tight text-slate-900">
            {STATIC_PAGE_PLACEHOLDER.heading}
          </h2>
          <p className="mx-auto mt-3 max-w-md leading-relaxed text-slate-600">{STATIC_PAGE_PLACEHOLDER.body}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild variant="outline" size="lg" className="h-11 rounded-xl">
              <Link to="/">
                <ArrowLeftIcon aria-hidden="true" />
                {STATIC_PAGE_PLACEHOLDER.homeLabel}
              </Link>
            </Button>
            <Button asChild size="lg" className="h-11 rounded-xl">
              <Link to={STATIC_PAGE_PLACEHOLDER.ctaTo}>
                {STATIC_PAGE_PLACEHOLDER.ctaLabel}
                <ArrowRightIcon aria-hidden="true" />
              </Link>
            </Button>
          </div>
        </Card>
      </section>
    </>
  );
}
