import { computeFee } from "@ferry/core/fees";
import { formatMoney, minorOf } from "@ferry/core/money";
import { ArrowRightIcon, ChevronDownIcon, CircleCheckIcon, InfoIcon, PenLineIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "../components/ui/button.tsx";
import { cn } from "../lib/cn.ts";
import {
  type ChannelsSection,
  CLAIM_SOURCE_LABELS,
  type ClaimSource,
  type ContactFormSection,
  type CtaSection,
  type FaqSection,
  type FeatureItem,
  type FeaturesSection,
  type FeeScheduleSection,
  type HeroContent,
  type LegalSection,
  type NoticeSection,
  type PageContent,
  type PageLink,
  type PageSection,
  type PartnersSection,
  type PlanCard,
  type PlansSection,
  type RelatedSection,
  type SplitPanel,
  type SplitSection,
  type StepsSection,
  type TableSection,
} from "./content/page-sections.ts";
import { ctaClass } from "./cta-class.ts";
import { PAGE_ICONS, type PageIconName } from "./page-icons.ts";

const CONTAINER = "mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8";

/** The id of every static page's h1. */
const PAGE_HEADING_ID = "page-heading";

/** Rate in basis points as people read it: 50 → "0.5 %". */
function percentOf(basisPoints: number): string {
  return `${basisPoints / 100} %`;
}

function PageIcon({ name, className }: { name: PageIconName; className?: string }) {
  const Icon = PAGE_ICONS[name];
  return <Icon aria-hidden="true" className={className} />;
}

/** A link that is a route of the site, or a plain anchor for mailto:, tel: and other sites. */
function SmartLink({ link, className, children }: { link: PageLink; className?: string; children: ReactNode }) {
  if (link.to.startsWith("/")) {
    return (
      <Link to={link.to} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={link.to} className={className}>
      {children}
    </a>
  );
}

function CtaButtons({ primary, secondary }: { primary?: PageLink; secondary?: PageLink }) {
  if (!primary && !secondary) {
    return null;
  }
  return (
    <div className="mt-9 flex flex-col gap-3 sm:flex-row">
      {primary ? (
        <SmartLink link={primary} className={ctaClass()}>
          {primary.label}
          <ArrowRightIcon aria-hidden="true" />
        </SmartLink>
      ) : null}
      {secondary ? (
        <SmartLink link={secondary} className={ctaClass({ tone: "outline" })}>
          {secondary.label}
        </SmartLink>
      ) : null}
    </div>
  );
}

/** The top of a static page: its eyebrow, its one h1, the lead, buttons, and artwork on wide screens. */
function PageHero({ hero }: { hero: HeroContent }) {
  return (
    <section aria-labelledby={PAGE_HEADING_ID} className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-linear-to-b from-indigo-50 via-white to-background"
      />
      <div
        aria-hidden="true"
        className="absolute -top-48 right-[-12rem] -z-10 size-[38rem] rounded-full bg-indigo-200/50 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="absolute top-1/3 left-[-16rem] -z-10 size-[26rem] rounded-full bg-violet-200/40 blur-3xl"
      />
      <div
        className={cn(
          CONTAINER,
          "grid items-center gap-12",
          hero.visual.kind === "none" ? "py-12 sm:py-16" : "py-14 sm:py-20 lg:grid-cols-[1.2fr_1fr] lg:gap-16 lg:py-24",
        )}
      >
        <div className="max-w-2xl">
          <p className="inline-flex items-center gap-2 rounded-full border border-indigo-200 bg-white/80 px-3 py-1 text-sm font-medium text-indigo-700 shadow-sm">
            <PageIcon name={hero.icon} className="size-4" />
            {hero.eyebrow}
          </p>
          <h1
            id={PAGE_HEADING_ID}
            className="mt-6 text-4xl font-extrabold leading-[1.08] tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-[3.25rem]"
          >
            {hero.title}
            {hero.accent ? (
              <>
                {" "}
                <span className="bg-linear-to-r from-indigo-600 to-violet-600 bg-clip-text text-transparent">
                  {hero.accent}
                </span>
              </>
            ) : null}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-pretty text-slate-600 sm:text-xl">{hero.lead}</p>
          <CtaButtons primary={hero.primaryCta} secondary={hero.secondaryCta} />
          {hero.highlights ? (
            <ul className="mt-9 flex flex-wrap gap-x-6 gap-y-3 text-sm font-medium text-slate-600">
              {hero.highlights.map((highlight) => (
                <li key={highlight} className="flex items-center gap-2">
                  <CircleCheckIcon aria-hidden="true" className="size-4 shrink-0 text-emerald-600" />
                  {highlight}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <HeroVisual hero={hero} />
      </div>
    </section>
  );
}

function HeroVisual({ hero }: { hero: HeroContent }) {
  const { visual } = hero;
  if (visual.kind === "none") {
    return null;
  }
  if (visual.kind === "figures") {
    return (
      <div className="relative mx-auto w-full max-w-md lg:mr-0">
        <div
          aria-hidden="true"
          className="absolute inset-6 -z-10 rounded-[3rem] bg-linear-to-tr from-indigo-400/40 to-violet-400/40 blur-3xl"
        />
        <div className="rounded-3xl bg-white p-6 shadow-2xl shadow-slate-900/10 ring-1 ring-slate-200 sm:p-8">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">{visual.title}</p>
          <dl className="mt-5 divide-y divide-slate-100">
            {visual.figures.map((figure) => (
              <div key={figure.label} className="flex items-baseline justify-between gap-4 py-4">
                <dt className="text-sm text-slate-600 sm:text-base">{figure.label}</dt>
                <dd className="text-2xl font-bold tracking-tight tabular-nums text-slate-900 sm:text-3xl">
                  {figure.value}
                </dd>
              </div>
            ))}
          </dl>
          {visual.note ? (
            <p className="mt-3 flex gap-1.5 text-xs leading-relaxed text-slate-600">
              <InfoIcon aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
              {visual.note}
            </p>
          ) : null}
        </div>
      </div>
    );
  }
  // Decorative: the chips repeat what the page says, so the artwork is hidden from assistive technology.
  return (
    <div aria-hidden="true" className="relative mx-auto hidden h-[26rem] w-full max-w-md lg:block">
      <div className="absolute inset-10 rounded-[3rem] bg-linear-to-tr from-indigo-400/40 to-violet-400/40 blur-3xl" />
      <div className="absolute top-4 left-0 size-56 rounded-full border border-dashed border-indigo-200" />
      <div className="absolute top-10 left-6 flex size-48 rotate-3 items-center justify-center overflow-hidden rounded-[2.5rem] bg-linear-to-br from-indigo-600 via-indigo-600 to-violet-600 shadow-2xl shadow-indigo-900/30">
        <div className="absolute -top-12 -right-10 size-40 rounded-full bg-white/10" />
        <PageIcon name={hero.icon} className="size-20 -rotate-3 text-white" />
      </div>
      {visual.chips.map((chip, index) => (
        <div
          key={chip.text}
          className={cn(
            "absolute flex items-center gap-3 rounded-2xl bg-white/95 px-4 py-3 shadow-xl shadow-slate-900/10 ring-1 ring-slate-200",
            CHIP_POSITIONS[index % CHIP_POSITIONS.length],
          )}
        >
          <span className="flex size-9 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
            <PageIcon name={chip.icon} className="size-5" />
          </span>
          <span className="text-sm font-semibold whitespace-nowrap text-slate-900">{chip.text}</span>
        </div>
      ))}
    </div>
  );
}

// Staggered around the tile (top left, 12 rem square): above its right corner, below its right corner, under it.
const CHIP_POSITIONS = ["top-6 right-0", "top-[12.75rem] right-4", "bottom-6 left-12"];

/** A static page's body from its content: the hero, then each section in order; `contactForm` fills a contact-form section. */
export function ContentPage({ content, contactForm }: { content: PageContent; contactForm?: ReactNode }) {
  return (
    <>
      <PageHero hero={content.hero} />
      {content.sections.map((section) => (
        <SectionOf key={section.id} section={section} contactForm={contactForm} />
      ))}
    </>
  );
}

function SectionOf({ section, contactForm }: { section: PageSection; contactForm?: ReactNode }) {
  switch (section.kind) {
    case "features":
      return <Features section={section} />;
    case "steps":
      return <Steps section={section} />;
    case "split":
      return <Split section={section} />;
    case "table":
      return <Table section={section} />;
    case "fee-schedule":
      return <FeeSchedule section={section} />;
    case "faq":
      return <Faq section={section} />;
    case "plans":
      return <Plans section={section} />;
    case "channels":
      return <Channels section={section} />;
    case "partners":
      return <Partners section={section} />;
    case "notice":
      return <Notice section={section} />;
    case "legal":
      return <Legal section={section} />;
    case "contact-form":
      return <ContactForm section={section} form={contactForm} />;
    case "related":
      return <Related section={section} />;
    case "cta":
      return <FinalCta section={section} />;
  }
}

/** A section's frame: its landmark, spacing, band and centred heading. */
function Shell({
  section,
  children,
  hasHeading = true,
  className,
}: {
  section: PageSection;
  children: ReactNode;
  hasHeading?: boolean;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={section.id}
      className={cn("py-16 sm:py-20", section.isBanded && "border-y border-slate-200 bg-white", className)}
    >
      <div className={CONTAINER}>
        {hasHeading ? (
          <div className="mx-auto max-w-2xl text-center">
            {section.eyebrow ? (
              <p className="text-sm font-semibold uppercase tracking-wider text-primary">{section.eyebrow}</p>
            ) : null}
            <h2
              id={section.id}
              className="mt-2 scroll-mt-28 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
            >
              {section.title}
            </h2>
            {section.subtitle ? (
              <p className="mt-4 text-lg leading-relaxed text-pretty text-slate-600">{section.subtitle}</p>
            ) : null}
          </div>
        ) : null}
        {children}
      </div>
    </section>
  );
}

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
      {CLAIM_SOURCE_LABELS[source]}
    </span>
  );
}

const GRID_COLUMNS = { 2: "lg:grid-cols-2", 3: "lg:grid-cols-3", 4: "lg:grid-cols-4" } as const;

function Features({ section }: { section: FeaturesSection }) {
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

function Steps({ section }: { section: StepsSection }) {
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
              <p className="relative mt-6 text-sm font-semibold text-primary">Step {index + 1}</p>
              <h3 className="relative mt-1 text-xl font-semibold text-slate-900">{step.title}</h3>
              <p className="relative mt-2 leading-relaxed text-slate-600">{step.description}</p>
            </li>
          );
        })}
      </ol>
    </Shell>
  );
}

function Split({ section }: { section: SplitSection }) {
  return (
    <section
      aria-labelledby={section.id}
      className={cn("py-16 sm:py-20", section.isBanded && "border-y border-slate-200 bg-white")}
    >
      <div className={`${CONTAINER} grid items-center gap-12 lg:grid-cols-2 lg:gap-16`}>
        <div className={cn(section.isReversed && "lg:order-2")}>
          {section.eyebrow ? (
            <p className="text-sm font-semibold uppercase tracking-wider text-primary">{section.eyebrow}</p>
          ) : null}
          <h2
            id={section.id}
            className="mt-2 scroll-mt-28 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
          >
            {section.title}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-5 text-lg leading-relaxed text-pretty text-slate-600">
              {paragraph}
            </p>
          ))}
          {section.bullets ? (
            <ul className="mt-6 space-y-3">
              {section.bullets.map((bullet) => (
                <li key={bullet} className="flex gap-3 text-slate-700">
                  <CircleCheckIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
                  <span className="leading-relaxed">{bullet}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <SplitPanelCard panel={section.panel} />
      </div>
    </section>
  );
}

function SplitPanelCard({ panel }: { panel: SplitPanel }) {
  return (
    <figure className="relative mx-auto w-full max-w-md">
      <div
        aria-hidden="true"
        className="absolute inset-6 -z-10 rounded-[3rem] bg-linear-to-tr from-indigo-300/40 to-violet-300/40 blur-3xl"
      />
      {panel.kind === "transfer-example" ? <TransferExample panel={panel} /> : <ListPanel panel={panel} />}
      {panel.caption ? (
        <figcaption className="mt-4 flex items-center justify-center gap-1.5 text-center text-xs font-medium text-slate-600">
          <InfoIcon aria-hidden="true" className="size-3.5 shrink-0" />
          {panel.caption}
        </figcaption>
      ) : null}
    </figure>
  );
}

/** An example transfer priced with core's fee rule (rounded up to the minor unit), as the server prices one. */
function TransferExample({ panel }: { panel: Extract<SplitPanel, { kind: "transfer-example" }> }) {
  const amountMinor = minorOf(panel.amount, panel.currency);
  const feeMinor = panel.feeBasisPoints === 0 ? 0n : computeFee(amountMinor, panel.feeBasisPoints);
  const rows = [
    { label: "You send", value: formatMoney({ currency: panel.currency, amountMinor }) },
    { label: "Method", value: panel.methodLabel },
    {
      label: `Fee (${percentOf(panel.feeBasisPoints)})`,
      value: formatMoney({ currency: panel.currency, amountMinor: feeMinor }),
    },
    { label: panel.arrivalLabel, value: panel.arrival },
  ];
  return (
    <div className="overflow-hidden rounded-3xl bg-white shadow-2xl shadow-slate-900/10 ring-1 ring-slate-200">
      <div className="bg-linear-to-br from-indigo-600 to-violet-600 px-6 py-5 text-white">
        <p className="text-sm font-medium text-indigo-100">{panel.title}</p>
        <p className="mt-1 text-3xl font-bold tracking-tight tabular-nums">
          {formatMoney({ currency: panel.currency, amountMinor })}
        </p>
      </div>
      <dl className="divide-y divide-slate-100 px-6">
        {rows.map((row) => (
          <div key={row.label} className="flex items-center justify-between gap-4 py-3.5 text-sm">
            <dt className="text-slate-600">{row.label}</dt>
            <dd className="text-right font-semibold tabular-nums text-slate-900">{row.value}</dd>
          </div>
        ))}
        <div className="flex items-center justify-between gap-4 py-4">
          <dt className="font-semibold text-slate-900">Total from your balance</dt>
          <dd className="text-right text-lg font-bold whitespace-nowrap tabular-nums text-primary">
            {formatMoney({ currency: panel.currency, amountMinor: amountMinor + feeMinor })}
          </dd>
        </div>
      </dl>
    </div>
  );
}

function ListPanel({ panel }: { panel: Extract<SplitPanel, { kind: "list" }> }) {
  return (
    <div className="rounded-3xl bg-white p-6 shadow-2xl shadow-slate-900/10 ring-1 ring-slate-200 sm:p-7">
      <div className="flex items-center gap-3">
        <span className="flex size-11 items-center justify-center rounded-xl bg-primary text-white shadow-lg shadow-indigo-600/25">
          <PageIcon name={panel.icon} className="size-5" />
        </span>
        <p className="text-base font-semibold text-slate-900">{panel.title}</p>
      </div>
      <dl className="mt-4 divide-y divide-slate-100">
        {panel.items.map((item) => (
          <div key={item.label} className="flex items-start justify-between gap-4 py-3 text-sm">
            <dt className="text-slate-600">{item.label}</dt>
            <dd className="text-right font-semibold text-slate-900">{item.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The card a table sits in. Tables are written to fit a phone's width, so nothing scrolls sideways. */
function TableFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto mt-12 max-w-4xl overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      {children}
    </div>
  );
}

function Table({ section }: { section: TableSection }) {
  return (
    <Shell section={section}>
      <TableFrame>
        <table className="w-full text-left text-sm sm:text-base">
          <caption className="sr-only">{section.caption}</caption>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wider text-slate-600 uppercase">
            <tr>
              {section.columns.map((column, index) => (
                <th
                  key={column}
                  scope="col"
                  className={cn("px-4 py-3 sm:px-6", index === section.emphasizedColumn && "text-right")}
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {section.rows.map(([name, ...cells], rowIndex) => (
              <tr key={name}>
                <th scope="row" className="px-4 py-4 text-left font-semibold text-slate-900 sm:px-6">
                  {name}
                  {section.rowDetails ? (
                    <span className="mt-1 block text-sm font-normal leading-relaxed text-slate-600">
                      {section.rowDetails[rowIndex]}
                    </span>
                  ) : null}
                </th>
                {cells.map((cell, index) => (
                  <td
                    key={`${name}-${section.columns[index + 1]}`}
                    className={cn(
                      "px-4 py-4 tabular-nums text-slate-700 sm:px-6",
                      index + 1 === section.emphasizedColumn &&
                        "text-right text-lg font-bold whitespace-nowrap text-primary",
                    )}
                  >
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      {section.footnote ? (
        <p className="mx-auto mt-4 max-w-4xl text-sm leading-relaxed text-slate-600">{section.footnote}</p>
      ) : null}
    </Shell>
  );
}

/** The product's transfer fees with what each costs on the example amount, by core's fee rule. */
function FeeSchedule({ section }: { section: FeeScheduleSection }) {
  const exampleMinor = minorOf(section.exampleAmount, section.exampleCurrency);
  const feeOf = (basisPoints: number) =>
    formatMoney({
      currency: section.exampleCurrency,
      amountMinor: basisPoints === 0 ? 0n : computeFee(exampleMinor, basisPoints),
    });
  return (
    <Shell section={section}>
      <TableFrame>
        <table className="w-full text-left text-sm sm:text-base">
          <caption className="sr-only">{section.caption}</caption>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wider text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3 sm:px-6">
                {section.columns.method}
              </th>
              <th scope="col" className="px-4 py-3 text-right sm:px-6">
                {section.columns.rate}
              </th>
              <th scope="col" className="px-4 py-3 text-right sm:px-6">
                {section.columns.example}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {section.rows.map((row) => (
              <tr key={row.method}>
                <th scope="row" className="px-4 py-4 font-normal sm:px-6">
                  <span className="flex items-start gap-3">
                    <span className="mt-0.5 hidden size-9 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-primary sm:flex">
                      <PageIcon name={row.icon} className="size-[18px]" />
                    </span>
                    <span>
                      <span className="block font-semibold text-slate-900">{row.method}</span>
                      <span className="mt-0.5 block text-sm text-slate-600">{row.detail}</span>
                    </span>
                  </span>
                </th>
                <td className="px-4 py-4 text-right text-lg font-bold whitespace-nowrap tabular-nums text-primary sm:px-6">
                  {row.feeBasisPoints === 0 ? "Free" : percentOf(row.feeBasisPoints)}
                </td>
                <td className="px-4 py-4 text-right whitespace-nowrap tabular-nums text-slate-700 sm:px-6">
                  {feeOf(row.feeBasisPoints)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      <p className="mx-auto mt-4 max-w-4xl text-sm leading-relaxed text-slate-600">{section.footnote}</p>
    </Shell>
  );
}

/** Questions as native disclosure widgets: keyboard-operable, announced as expanded or collapsed, and readable before any script runs. */
function Faq({ section }: { section: FaqSection }) {
  return (
    <Shell section={section}>
      <div className="mx-auto mt-12 max-w-3xl space-y-3">
        {section.items.map((item) => (
          <details
            key={item.question}
            className="group rounded-2xl border border-slate-200 bg-white shadow-sm open:shadow-md"
          >
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left font-semibold text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:px-6 [&::-webkit-details-marker]:hidden">
              {item.question}
              <ChevronDownIcon
                aria-hidden="true"
                className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
              />
            </summary>
            <p className="px-5 pb-5 leading-relaxed text-slate-600 sm:px-6">{item.answer}</p>
          </details>
        ))}
      </div>
    </Shell>
  );
}

function Plans({ section }: { section: PlansSection }) {
  return (
    <Shell section={section}>
      <ul className="mt-14 grid items-stretch gap-6 lg:grid-cols-3">
        {section.plans.map((plan) => (
          <PlanCardItem key={plan.name} plan={plan} />
        ))}
      </ul>
      {section.footnote ? (
        <p className="mx-auto mt-8 max-w-3xl text-center text-sm leading-relaxed text-slate-600">{section.footnote}</p>
      ) : null}
    </Shell>
  );
}

function PlanCardItem({ plan }: { plan: PlanCard }) {
  const isFeatured = plan.isFeatured === true;
  return (
    <li
      className={cn(
        "relative flex flex-col rounded-3xl p-7 sm:p-8",
        isFeatured
          ? "bg-linear-to-br from-indigo-600 via-indigo-600 to-violet-700 text-white shadow-2xl shadow-indigo-900/25 lg:-my-4 lg:py-12"
          : "border border-slate-200 bg-white shadow-sm",
      )}
    >
      {plan.badge ? (
        <p className="absolute top-6 right-6 rounded-full bg-white/15 px-3 py-1 text-xs font-semibold tracking-wide text-white uppercase ring-1 ring-white/30">
          {plan.badge}
        </p>
      ) : null}
      <span
        className={cn(
          "flex size-12 items-center justify-center rounded-xl",
          isFeatured ? "bg-white/15 text-white" : "bg-indigo-50 text-primary ring-1 ring-indigo-100",
        )}
      >
        <PageIcon name={plan.icon} className="size-6" />
      </span>
      <h3 className={cn("mt-5 text-xl font-bold", isFeatured ? "text-white" : "text-slate-900")}>{plan.name}</h3>
      <p className={cn("mt-2 leading-relaxed", isFeatured ? "text-indigo-100" : "text-slate-600")}>{plan.summary}</p>
      <p className="mt-6 flex flex-wrap items-baseline gap-x-2">
        <span className={cn("text-4xl font-extrabold tracking-tight", isFeatured ? "text-white" : "text-slate-900")}>
          {plan.price}
        </span>
        <span className={cn("text-sm font-medium", isFeatured ? "text-indigo-100" : "text-slate-600")}>
          {plan.priceNote}
        </span>
      </p>
      <ul className="mt-7 flex-1 space-y-3">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3 text-sm leading-relaxed">
            <CircleCheckIcon
              aria-hidden="true"
              className={cn("mt-0.5 size-5 shrink-0", isFeatured ? "text-emerald-300" : "text-emerald-600")}
            />
            <span className={isFeatured ? "text-white" : "text-slate-700"}>{feature}</span>
          </li>
        ))}
      </ul>
      <Button
        asChild
        size="lg"
        variant={isFeatured ? "default" : "outline"}
        className={cn("mt-8 h-12 rounded-xl", isFeatured ? "bg-white text-indigo-700 hover:bg-indigo-50" : "bg-white")}
      >
        <SmartLink link={plan.cta}>{plan.cta.label}</SmartLink>
      </Button>
    </li>
  );
}

function Channels({ section }: { section: ChannelsSection }) {
  return (
    <Shell section={section}>
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {section.channels.map((channel) => (
          <li
            key={channel.title}
            className="flex flex-col rounded-3xl border border-slate-200 bg-white p-7 shadow-sm transition hover:shadow-md"
          >
            <span className="flex size-12 items-center justify-center rounded-xl bg-primary text-white shadow-lg shadow-indigo-600/25">
              <PageIcon name={channel.icon} className="size-6" />
            </span>
            <h3 className="mt-5 text-xl font-semibold text-slate-900">{channel.title}</h3>
            <p className="mt-2 leading-relaxed text-slate-600">{channel.description}</p>
            <dl className="mt-6 space-y-3 rounded-2xl bg-slate-50 p-4 text-sm">
              <div className="flex items-center justify-between gap-3">
                <dt className="flex items-center gap-2 text-slate-600">
                  <PageIcon name="timer" className="size-4" />
                  {channel.responseLabel}
                </dt>
                <dd className="text-right font-semibold text-slate-900">{channel.response}</dd>
              </div>
              <div className="flex items-center justify-between gap-3">
                <dt className="flex items-center gap-2 text-slate-600">
                  <PageIcon name="clock" className="size-4" />
                  {channel.hoursLabel}
                </dt>
                <dd className="text-right font-semibold text-slate-900">{channel.hours}</dd>
              </div>
            </dl>
            {channel.note ? <p className="mt-3 text-xs leading-relaxed text-slate-600">{channel.note}</p> : null}
            {/* The buttons line up at the foot of cards of one row, whatever each card says above them. */}
            <div className="mt-auto pt-6">
              <Button asChild size="lg" variant="outline" className="h-11 w-full rounded-xl bg-white">
                <SmartLink link={channel.action}>{channel.action.label}</SmartLink>
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </Shell>
  );
}

function Partners({ section }: { section: PartnersSection }) {
  return (
    <Shell section={section}>
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {section.partners.map((partner) => (
          <li key={partner.name} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <div className="flex items-center gap-4">
              <span
                aria-hidden="true"
                className="flex size-12 shrink-0 items-center justify-center rounded-xl text-base font-bold text-white shadow-inner"
                style={{ background: partner.color }}
              >
                {partner.initials}
              </span>
              <div className="min-w-0">
                <h3 className="text-lg font-semibold text-slate-900">{partner.name}</h3>
                <p className="text-sm text-slate-600">{partner.category}</p>
              </div>
            </div>
            <p className="mt-4 flex-1 leading-relaxed text-slate-600">{partner.description}</p>
            <dl className="mt-5 grid grid-cols-2 gap-3 border-t border-slate-100 pt-4 text-sm">
              <div>
                <dt className="text-slate-600">{partner.feeLabel}</dt>
                <dd className="mt-0.5 text-lg font-bold tabular-nums text-primary">
                  {percentOf(partner.feeBasisPoints)}
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">Regions</dt>
                <dd className="mt-0.5 font-semibold text-slate-900">{partner.regions}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      {section.footnote ? (
        <p className="mx-auto mt-8 max-w-3xl text-center text-sm leading-relaxed text-slate-600">{section.footnote}</p>
      ) : null}
    </Shell>
  );
}

/** A set-apart note; an operator note marks what the company running Ferry fills in before going live. */
function Notice({ section }: { section: NoticeSection }) {
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

/** A legal document: the contents beside numbered clauses, each an h2 a contents link jumps to. */
function Legal({ section }: { section: LegalSection }) {
  return (
    <div className={cn(CONTAINER, "grid max-w-5xl gap-10 py-14 sm:py-16 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-12")}>
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

function ContactForm({ section, form }: { section: ContactFormSection; form?: ReactNode }) {
  return (
    <Shell section={section}>
      <div className="mx-auto mt-12 grid max-w-5xl gap-6 lg:grid-cols-[1.6fr_1fr]">
        <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">{form}</div>
        <aside
          aria-label={section.aside.title}
          className="self-start rounded-3xl bg-slate-900 p-6 text-slate-300 sm:p-8"
        >
          <p className="text-lg font-semibold text-white">{section.aside.title}</p>
          <ul className="mt-6 space-y-5">
            {section.aside.items.map((item) => (
              <li key={item.label} className="flex gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white/10 text-indigo-300">
                  <PageIcon name={item.icon} className="size-5" />
                </span>
                <span>
                  <span className="block text-sm text-slate-400">{item.label}</span>
                  <span className="block font-semibold text-white">{item.value}</span>
                </span>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </Shell>
  );
}

function Related({ section }: { section: RelatedSection }) {
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

function FinalCta({ section }: { section: CtaSection }) {
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
