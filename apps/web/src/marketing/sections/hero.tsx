import { ArrowRightIcon, CircleCheckIcon, InfoIcon } from "lucide-react";
import { cn } from "../../lib/cn.ts";
import { CONTAINER } from "../container.ts";
import type { HeroContent, PageLink } from "../content/page-sections.ts";
import { ctaClass } from "../cta-class.ts";
import { PageIcon, SmartLink } from "./section-shell.tsx";

/** The id of every static page's h1. */
const PAGE_HEADING_ID = "page-heading";

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
export function PageHero({ hero }: { hero: HeroContent }) {
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
