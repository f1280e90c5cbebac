import { ArrowRightIcon } from "lucide-react";
import { cn } from "../../lib/cn.ts";
import { CONTAINER } from "../container.ts";
import type { CtaSection, RelatedSection } from "../content/page-sections.ts";
import { ctaClass } from "../cta-class.ts";
import { Link } from "../local-link.tsx";
import { PageIcon, Shell, SmartLink } from "./section-shell.tsx";

export function Related({ section }: { section: RelatedSection }) {
  return (
    <Shell section={section}>
      <ul
        className={cn(
          "mt-12 grid gap-5 sm:grid-cols-2",
          section.links.length === 4 ? "lg:grid-cols-4" : "lg:grid-cols-3",
        )}
      >
        {section.links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="group flex h-full items-start gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-indigo-200 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-primary ring-1 ring-indigo-100">
                <PageIcon name={link.icon} className="size-5" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-center gap-1.5 font-semibold text-slate-900">
                  {link.title}
                  <ArrowRightIcon
                    aria-hidden="true"
                    className="size-4 text-primary transition-transform group-hover:translate-x-0.5"
                  />
                </span>
                <span className="mt-1 block text-sm leading-relaxed text-slate-600">{link.description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Shell>
  );
}

export function FinalCta({ section }: { section: CtaSection }) {
  return (
    <section aria-labelledby={section.id} className="py-16 sm:py-20">
      <div className={CONTAINER}>
        <div className="relative isolate overflow-hidden rounded-3xl bg-linear-to-br from-indigo-600 via-indigo-600 to-violet-700 px-6 py-14 text-center text-white shadow-2xl shadow-indigo-900/20 sm:px-12 sm:py-16">
          <div aria-hidden="true" className="absolute -top-24 -left-16 -z-10 size-72 rounded-full bg-white/10" />
          <div aria-hidden="true" className="absolute -right-20 -bottom-28 -z-10 size-80 rounded-full bg-white/5" />
          <h2 id={section.id} className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {section.title}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-indigo-100">{section.body}</p>
          <div className="mt-9 flex flex-col justify-center gap-3 sm:flex-row">
            <SmartLink link={section.primaryCta} className={ctaClass({ tone: "inverse" })}>
              {section.primaryCta.label}
              <ArrowRightIcon aria-hidden="true" />
            </SmartLink>
            {section.secondaryCta ? (
              <SmartLink link={section.secondaryCta} className={ctaClass({ tone: "inverseOutline" })}>
                {section.secondaryCta.label}
              </SmartLink>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}
