import { clsx } from "clsx";
import { ArrowRightIcon, CircleCheckIcon, InfoIcon, SparklesIcon } from "lucide-react";
import { formatMoney } from "../i18n/format.ts";
import { t, translateText } from "../i18n/i18n.tsx";
import { CONTAINER } from "./container.ts";
import {
  type ExampleBalanceCard,
  LANDING_ASSETS,
  LANDING_FINAL_CTA,
  LANDING_HERO,
  LANDING_HOW_IT_WORKS,
  LANDING_PAGE_ENTRY,
  LANDING_TRUST,
  LANDING_WALLET_EXAMPLE,
  type SupportedAsset,
} from "./content/landing.ts";
import { ctaClass } from "./cta-class.ts";
import { Link } from "./local-link.tsx";
import { MARKETING_ICONS } from "./marketing-icons.ts";
import { MarketingLayout } from "./marketing-layout.tsx";
import { PageMeta } from "./page-meta.tsx";

/** The public landing page at `/`. */
export function LandingPage() {
  return (
    <MarketingLayout>
      <PageMeta
        title={LANDING_PAGE_ENTRY.title}
        description={LANDING_PAGE_ENTRY.description}
        path={LANDING_PAGE_ENTRY.path}
      />
      <Hero />
      <SupportedAssets />
      <TrustBand />
      <HowItWorks />
      <FinalCallToAction />
    </MarketingLayout>
  );
}

function Hero() {
  return (
    <section aria-labelledby="hero-heading" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-linear-to-b from-indigo-50 via-white to-background"
      />
      <div
        aria-hidden="true"
        className="absolute -top-48 right-[-12rem] -z-10 size-[40rem] rounded-full bg-indigo-200/50 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="absolute top-1/4 left-[-16rem] -z-10 size-[28rem] rounded-full bg-violet-200/40 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="absolute inset-x-0 bottom-0 -z-10 h-40 bg-linear-to-b from-transparent to-background"
      />
      <div
        className={`${CONTAINER} grid items-center gap-14 py-14 sm:py-20 lg:grid-cols-[1.15fr_1fr] lg:gap-12 lg:pt-24 lg:pb-20`}
      >
        <div className="max-w-2xl">
          <p className="inline-flex items-center gap-2 rounded-full border border-indigo-200 bg-white/80 px-3 py-1 text-sm font-medium text-indigo-700 shadow-sm">
            <SparklesIcon aria-hidden="true" className="size-4" />
            {translateText(LANDING_HERO.eyebrow)}
          </p>
          <h1
            id="hero-heading"
            className="mt-6 text-4xl font-extrabold leading-[1.08] tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-[3.5rem]"
          >
            {translateText(LANDING_HERO.headlineLead)}{" "}
            <span className="bg-linear-to-r from-indigo-600 to-violet-600 bg-clip-text text-transparent">
              {translateText(LANDING_HERO.headlineAccent)}
            </span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-600 sm:text-xl">
            {translateText(LANDING_HERO.subcopy)}
          </p>
          <div className="mt-9 flex flex-col gap-3 sm:flex-row">
            <Link to={LANDING_HERO.primaryCta.to} className={ctaClass()}>
              {t(LANDING_HERO.primaryCta.label)}
              <ArrowRightIcon aria-hidden="true" />
            </Link>
            <Link to={LANDING_HERO.secondaryCta.to} className={ctaClass({ tone: "outline" })}>
              {t(LANDING_HERO.secondaryCta.label)}
            </Link>
          </div>
          <ul className="mt-9 flex flex-wrap gap-x-6 gap-y-3 text-sm font-medium text-slate-600">
            {LANDING_HERO.highlights.map((highlight) => (
              <li key={highlight} className="flex items-center gap-2">
                <CircleCheckIcon aria-hidden="true" className="size-4 text-emerald-600" />
                {translateText(highlight)}
              </li>
            ))}
          </ul>
        </div>
        <WalletStack />
      </div>
    </section>
  );
}

const CARD_TONES: Record<ExampleBalanceCard["tone"], string> = {
  primary: "bg-linear-to-br from-indigo-600 via-indigo-600 to-violet-600 text-white shadow-indigo-900/30",
  light: "bg-white text-slate-900 ring-1 ring-slate-200 shadow-slate-900/10",
  dark: "bg-linear-to-br from-slate-800 to-slate-950 text-white shadow-slate-900/30",
};

/** A drawn stack of balance cards. The figures are illustrative and labelled so. */
function WalletStack() {
  const example = LANDING_WALLET_EXAMPLE;
  const frontIndex = example.cards.length - 1;
  return (
    <figure className="relative mx-auto w-full max-w-[28rem] lg:mr-0 lg:ml-auto">
      <div className="relative pt-14 pb-12">
        <div
          aria-hidden="true"
          className="absolute inset-x-4 top-16 bottom-6 rounded-[3rem] bg-linear-to-tr from-indigo-400/40 to-violet-400/40 blur-3xl"
        />
        <div className="relative">
          {example.cards.map((card, index) => (
            <BalanceCard
              key={card.currency}
              card={card}
              isFront={index === frontIndex}
              badge={translateText(example.badge)}
              // Cards further back are narrower, so the stack reads as depth.
              className={clsx(index > 0 && "-mt-[9.5rem]", STACK_INSETS[frontIndex - index])}
            />
          ))}
        </div>
        <div className="absolute top-0 right-0 rounded-2xl bg-white/95 px-4 py-3 shadow-xl shadow-slate-900/10 ring-1 ring-slate-200 sm:-right-3">
          <span className="block text-xs font-medium text-slate-600">{translateText(example.totalLabel)}</span>
          <span className="block text-lg font-bold tabular-nums text-slate-900">{formatMoney(example.total)}</span>
        </div>
        <div className="absolute bottom-0 left-0 flex items-center gap-3 rounded-2xl bg-white/95 px-4 py-3 shadow-xl shadow-slate-900/10 ring-1 ring-slate-200 sm:-left-8">
          <span className="flex size-9 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
            <CircleCheckIcon aria-hidden="true" className="size-5" />
          </span>
          <span>
            <span className="block text-sm font-semibold text-slate-900">{translateText(example.activity.title)}</span>
            <span className="block text-xs text-slate-600">
              {t(example.activity.detail, { amount: formatMoney(example.activity.amount) })}
            </span>
          </span>
        </div>
      </div>
      <figcaption className="mt-4 flex items-center justify-center gap-1.5 text-xs font-medium text-slate-600">
        <InfoIcon aria-hidden="true" className="size-3.5" />
        {translateText(example.caption)}
      </figcaption>
    </figure>
  );
}

// Horizontal inset by distance from the front card: 0 is the front card.
const STACK_INSETS = ["mx-0", "mx-4", "mx-8"];

function BalanceCard({
  card,
  isFront,
  badge,
  className,
}: {
  card: ExampleBalanceCard;
  isFront: boolean;
  badge: string;
  className?: string;
}) {
  const isLight = card.tone === "light";
  return (
    <div
      className={clsx(
        "relative flex flex-col justify-between overflow-hidden rounded-2xl p-5 shadow-2xl",
        isFront ? "h-56" : "h-52",
        CARD_TONES[card.tone],
        className,
      )}
    >
      {isFront ? (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-20 -right-12 size-52 rounded-full bg-white/10"
        />
      ) : null}
      <div className="relative flex items-center justify-between gap-3">
        <span className="flex min-w-0 items-center gap-2">
          <span
            className={clsx(
              "rounded-md px-2 py-0.5 text-xs font-bold tracking-wide",
              isLight ? "bg-indigo-100 text-indigo-800" : "bg-white/15 text-white",
            )}
          >
            {card.currency}
          </span>
          <span className={clsx("truncate text-sm font-medium", isLight ? "text-slate-600" : "text-white/85")}>
            {t(card.name)}
          </span>
        </span>
        {isFront ? (
          <span className="rounded-full bg-white/15 px-2 py-0.5 text-[11px] font-semibold tracking-wider text-white/90 uppercase">
            {badge}
          </span>
        ) : (
          <span className="text-sm font-semibold tabular-nums">{formatMoney(card.money, card.decimals)}</span>
        )}
      </div>
      {isFront ? (
        <div className="relative">
          <span className="block text-3xl font-bold tracking-tight tabular-nums">
            {formatMoney(card.money, card.decimals)}
          </span>
          <span className="mt-1 block text-xs text-white/80">{t(card.detail)}</span>
        </div>
      ) : null}
    </div>
  );
}

function SectionHeading({
  id,
  eyebrow,
  title,
  subtitle,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  subtitle?: string;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p> : null}
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {subtitle ? <p className="mt-4 text-lg leading-relaxed text-slate-600">{subtitle}</p> : null}
    </div>
  );
}

function SupportedAssets() {
  return (
    <section aria-labelledby="assets-heading" className="py-20 sm:py-24">
      <div className={CONTAINER}>
        <SectionHeading
          id="assets-heading"
          title={translateText(LANDING_ASSETS.title)}
          subtitle={translateText(LANDING_ASSETS.subtitle)}
        />
        <ul className="mt-12 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-6">
          {LANDING_ASSETS.assets.map((asset) => (
            <li
              key={asset.symbol}
              className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
            >
              <span
                aria-hidden="true"
                className="flex size-11 shrink-0 items-center justify-center rounded-full text-lg font-bold text-white shadow-inner"
                style={{ background: asset.background }}
              >
                <CoinGlyph asset={asset} />
              </span>
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900">{asset.symbol}</span>
                <span className="block truncate text-sm text-slate-600">{translateText(asset.name)}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function CoinGlyph({ asset }: { asset: SupportedAsset }) {
  if (asset.icon) {
    const Icon = MARKETING_ICONS[asset.icon];
    return <Icon className="size-6" strokeWidth={2.25} />;
  }
  return asset.glyph;
}

function TrustBand() {
  return (
    <section aria-labelledby="trust-heading" className="border-y border-slate-200 bg-white">
      <div className={`${CONTAINER} py-16 sm:py-20`}>
        <h2 id="trust-heading" className="text-center text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {translateText(LANDING_TRUST.title)}
        </h2>
        <ul className="mt-12 grid gap-10 md:grid-cols-3 md:gap-8">
          {LANDING_TRUST.claims.map((claim) => {
            const Icon = MARKETING_ICONS[claim.icon];
            return (
              <li key={claim.title} className="flex gap-4 md:flex-col lg:flex-row">
                <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-primary ring-1 ring-indigo-100">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <div>
                  <h3 className="text-base font-semibold text-slate-900">{t(claim.title)}</h3>
                  <p className="mt-1.5 text-sm leading-relaxed text-slate-600">{t(claim.description)}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

function HowItWorks() {
  return (
    <section aria-labelledby="how-heading" className="py-20 sm:py-24">
      <div className={CONTAINER}>
        <SectionHeading
          id="how-heading"
          eyebrow={translateText(LANDING_HOW_IT_WORKS.eyebrow)}
          title={translateText(LANDING_HOW_IT_WORKS.title)}
          subtitle={translateText(LANDING_HOW_IT_WORKS.subtitle)}
        />
        <ol className="mt-14 grid gap-6 md:grid-cols-3">
          {LANDING_HOW_IT_WORKS.steps.map((step, index) => {
            const Icon = MARKETING_ICONS[step.icon];
            const number = String(index + 1).padStart(2, "0");
            return (
              <li
                key={step.title}
                className="relative overflow-hidden rounded-2xl border border-slate-200 bg-white p-7 shadow-sm sm:p-8"
              >
                {/*
                  A faint watermark, pure decoration (WCAG 1.4.3 exempts it; "Step n" below says the
                  same), drawn from an attribute so it is not text a contrast check or a reader meets.
                */}
                <span
                  aria-hidden="true"
                  data-watermark={number}
                  className="absolute top-5 right-6 text-6xl font-extrabold tracking-tighter text-slate-100 select-none before:content-[attr(data-watermark)]"
                />
                <span className="relative flex size-12 items-center justify-center rounded-xl bg-primary text-white shadow-lg shadow-indigo-600/25">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <p className="relative mt-6 text-sm font-semibold text-primary">
                  {t("Step {number}", { number: index + 1 })}
                </p>
                <h3 className="relative mt-1 text-xl font-semibold text-slate-900">{t(step.title)}</h3>
                <p className="relative mt-2 leading-relaxed text-slate-600">{t(step.description)}</p>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}

function FinalCallToAction() {
  return (
    <section aria-labelledby="cta-heading" className="pb-20 sm:pb-24">
      <div className={CONTAINER}>
        <div className="relative isolate overflow-hidden rounded-3xl bg-linear-to-br from-indigo-600 via-indigo-600 to-violet-700 px-6 py-14 text-center text-white shadow-2xl shadow-indigo-900/20 sm:px-12 sm:py-20">
          <div aria-hidden="true" className="absolute -top-24 -left-16 -z-10 size-72 rounded-full bg-white/10" />
          <div aria-hidden="true" className="absolute -right-20 -bottom-28 -z-10 size-80 rounded-full bg-white/5" />
          <h2 id="cta-heading" className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {translateText(LANDING_FINAL_CTA.title)}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-indigo-100">{translateText(LANDING_FINAL_CTA.body)}</p>
          <div className="mt-9 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to={LANDING_FINAL_CTA.primaryCta.to} className={ctaClass({ tone: "inverse" })}>
              {t(LANDING_FINAL_CTA.primaryCta.label)}
              <ArrowRightIcon aria-hidden="true" />
            </Link>
            <Link to={LANDING_FINAL_CTA.secondaryCta.to} className={ctaClass({ tone: "inverseOutline" })}>
              {t(LANDING_FINAL_CTA.secondaryCta.label)}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
