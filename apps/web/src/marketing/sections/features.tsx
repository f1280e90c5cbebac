import { t, translateText } from "../../i18n/i18n.tsx";
import { cn } from "../../lib/cn.ts";
import {
  CLAIM_SOURCE_LABELS,
  type ClaimSource,
  type FeatureItem,
  type FeaturesSection,
  type StepsSection,
} from "../content/page-sections.ts";
import { PageIcon, Shell } from "./section-shell.tsx";

const SOURCE_STYLES: Record<ClaimSource, string> = {
  "built-in": "bg-emerald-50 text-emerald-800 ring-emerald-200",
  operator: "bg-amber-50 text-amber-900 ring-amber-200",
  planned: "bg-slate-100 text-slate-700 ring-slate-200",
};

function SourceBadge({ source }: { source: ClaimSource }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
        SOURCE_STYLES[source],
      )}
    >
      {translateText(CLAIM_SOURCE_LABELS[source])}
    </span>
  );
}

const GRID_COLUMNS = { 2: "lg:grid-cols-2", 3: "lg:grid-cols-3", 4: "lg:grid-cols-4" } as const;

export function Features({ section }: { section: FeaturesSection }) {
  return (
    <Shell section={section}>
      <ul className={cn("mt-12 grid gap-5 sm:grid-cols-2", GRID_COLUMNS[section.columns ?? 3])}>
        {section.items.map((item) => (
          <FeatureCard key={item.title} item={item} />
        ))}
      </ul>
    </Shell>
  );
}

function FeatureCard({ item }: { item: FeatureItem }) {
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md sm:p-7">
      <span className="flex size-12 items-center justify-center rounded-xl bg-indigo-50 text-primary ring-1 ring-indigo-100">
        <PageIcon name={item.icon} className="size-6" />
      </span>
      <h3 className="mt-5 text-lg font-semibold text-slate-900">{item.title}</h3>
      <p className="mt-2 flex-1 leading-relaxed text-slate-600">{item.description}</p>
      {item.source ? (
        <p className="mt-5">
          <SourceBadge source={item.source} />
        </p>
      ) : null}
    </li>
  );
}

export function Steps({ section }: { section: StepsSection }) {
  return (
    <Shell section={section}>
      <ol
        className={cn(
          "mt-14 grid gap-6 md:grid-cols-2",
          section.steps.length === 4 ? "lg:grid-cols-4" : "lg:grid-cols-3",
        )}
      >
        {section.steps.map((step, index) => {
          const number = String(index + 1).padStart(2, "0");
          return (
            <li
              key={step.title}
              className="relative overflow-hidden rounded-2xl border border-slate-200 bg-white p-7 shadow-sm"
            >
              {/* A faint watermark, pure decoration drawn from an attribute: "Step n" below says the same. */}
              <span
                aria-hidden="true"
                data-watermark={number}
                className="absolute top-5 right-6 text-6xl font-extrabold tracking-tighter text-slate-100 select-none before:content-[attr(data-watermark)]"
              />
              <span className="relative flex size-12 items-center justify-center rounded-xl bg-primary text-white shadow-lg shadow-indigo-600/25">
                <PageIcon name={step.icon} className="size-6" />
              </span>
              <p className="relative mt-6 text-sm font-semibold text-primary">
                {t("Step {number}", { number: index + 1 })}
              </p>
              <h3 className="relative mt-1 text-xl font-semibold text-slate-900">{step.title}</h3>
              <p className="relative mt-2 leading-relaxed text-slate-600">{step.description}</p>
            </li>
          );
        })}
      </ol>
    </Shell>
  );
}
