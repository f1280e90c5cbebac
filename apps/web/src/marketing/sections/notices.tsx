import { InfoIcon, PenLineIcon } from "lucide-react";
import { cn } from "../../lib/cn.ts";
import { CONTAINER } from "../container.ts";
import type { LegalSection, NoticeSection } from "../content/page-sections.ts";

/** A set-apart note; an operator note marks what the company running Ferry fills in before going live. */
export function Notice({ section }: { section: NoticeSection }) {
  const isOperator = section.tone === "operator";
  return (
    <section aria-labelledby={section.id} className="py-10 sm:py-12">
      <div className={CONTAINER}>
        <div
          className={cn(
            "mx-auto flex max-w-4xl gap-4 rounded-2xl p-5 sm:p-6",
            isOperator ? "border border-dashed border-amber-300 bg-amber-50" : "border border-indigo-100 bg-indigo-50",
          )}
        >
          <span
            className={cn(
              "hidden size-10 shrink-0 items-center justify-center rounded-xl sm:flex",
              isOperator ? "bg-amber-100 text-amber-800" : "bg-white text-primary",
            )}
          >
            {isOperator ? (
              <PenLineIcon aria-hidden="true" className="size-5" />
            ) : (
              <InfoIcon aria-hidden="true" className="size-5" />
            )}
          </span>
          <div>
            <h2 id={section.id} className={cn("font-semibold", isOperator ? "text-amber-950" : "text-slate-900")}>
              {section.title}
            </h2>
            {section.body.map((paragraph) => (
              <p
                key={paragraph}
                className={cn("mt-1.5 text-sm leading-relaxed", isOperator ? "text-amber-900" : "text-slate-700")}
              >
                {paragraph}
              </p>
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}

/** The document's contents, each clause a link to its heading, and when it last changed. */
function LegalContents({ section }: { section: LegalSection }) {
  return (
    <nav aria-labelledby={section.id} className="lg:sticky lg:top-24 lg:self-start">
      <h2 id={section.id} className="text-sm font-semibold tracking-wider text-slate-900 uppercase">
        {section.title}
      </h2>
      <ol className="mt-4 space-y-2 border-l border-slate-200 text-sm">
        {section.clauses.map((clause, index) => (
          <li key={clause.id}>
            <a
              href={`#${clause.id}`}
              className="-ml-px block border-l border-transparent py-0.5 pl-4 text-slate-600 hover:border-primary hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {index + 1}. {clause.title}
            </a>
          </li>
        ))}
      </ol>
      <p className="mt-6 text-sm text-slate-600">
        {section.lastUpdatedLabel} <span className="font-semibold text-slate-900">{section.lastUpdated}</span>
      </p>
    </nav>
  );
}

/** A legal document: the contents beside numbered clauses, each an h2 a contents link jumps to. */
export function Legal({ section }: { section: LegalSection }) {
  return (
    <div className={cn(CONTAINER, "grid max-w-5xl gap-10 py-14 sm:py-16 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-12")}>
      <LegalContents section={section} />
      <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
        {section.operatorNote ? (
          <section
            aria-labelledby={`${section.id}-note`}
            className="mb-10 flex gap-4 rounded-2xl border border-dashed border-amber-300 bg-amber-50 p-5"
          >
            <span className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-amber-100 text-amber-800 sm:flex">
              <PenLineIcon aria-hidden="true" className="size-5" />
            </span>
            <div>
              <h2 id={`${section.id}-note`} className="font-semibold text-amber-950">
                {section.operatorNote.title}
              </h2>
              <p className="mt-1.5 text-sm leading-relaxed text-amber-900">{section.operatorNote.body}</p>
            </div>
          </section>
        ) : null}
        {section.clauses.map((clause, index) => (
          <section
            key={clause.id}
            aria-labelledby={clause.id}
            className={cn("scroll-mt-24", index > 0 && "mt-10 border-t border-slate-100 pt-10")}
          >
            <h2 id={clause.id} className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
              <span className="mr-2 text-primary">{index + 1}.</span>
              {clause.title}
            </h2>
            {clause.paragraphs?.map((paragraph) => (
              <p key={paragraph} className="mt-4 leading-relaxed text-slate-700">
                {paragraph}
              </p>
            ))}
            {clause.bullets ? (
              <ul className="mt-4 list-disc space-y-2 pl-5 leading-relaxed text-slate-700 marker:text-primary">
                {clause.bullets.map((bullet) => (
                  <li key={bullet}>{bullet}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
      </div>
    </div>
  );
}
