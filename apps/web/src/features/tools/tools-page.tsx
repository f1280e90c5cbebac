import { useQuery } from "@tanstack/react-query";
import {
  ArrowRightIcon,
  ChartNoAxesCombinedIcon,
  type LucideIcon,
  PiggyBankIcon,
  ReceiptTextIcon,
  WalletCardsIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { translateText } from "../../i18n/i18n.tsx";
import { feeScheduleQueryOptions } from "../../lib/queries/fees.ts";
import { ratesQueryOptions } from "../../lib/queries/rates.ts";
import { COMING_SOON_TOOLS, TOOLS_PAGE } from "./content.ts";
import {
  CurrencyConverter,
  InvestmentCalculator,
  MortgageCalculator,
  TransferFeeCalculator,
} from "./tool-calculators.tsx";

const CONTAINER = "mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8";

const COMING_SOON_ICONS: Record<(typeof COMING_SOON_TOOLS)[number]["icon"], LucideIcon> = {
  goal: PiggyBankIcon,
  budget: WalletCardsIcon,
  tax: ReceiptTextIcon,
  chart: ChartNoAxesCombinedIcon,
};

/** A calculator that needs the server's figures: a placeholder while they load, a notice if they cannot. */
function WithData<T>(props: {
  query: { isPending: boolean; isError: boolean; data: T | undefined };
  children: (data: T) => ReactNode;
}) {
  if (props.query.isPending) {
    return <Skeleton className="h-96 rounded-2xl" />;
  }
  if (props.query.isError || props.query.data === undefined) {
    return (
      <Card className="flex items-center justify-center rounded-2xl p-8 text-center">
        <p role="alert" className="text-slate-700">
          {translateText(TOOLS_PAGE.unavailable)}
        </p>
      </Card>
    );
  }
  return props.children(props.query.data);
}

function ComingSoonTools() {
  return (
    <section aria-labelledby="coming-soon-heading" className="mt-16">
      <h2 id="coming-soon-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        {translateText(TOOLS_PAGE.comingSoonHeading)}
      </h2>
      <p className="mt-2 text-slate-600">{translateText(TOOLS_PAGE.comingSoonIntro)}</p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {COMING_SOON_TOOLS.map((tool) => {
          const Icon = COMING_SOON_ICONS[tool.icon];
          return (
            <li key={tool.title}>
              <Card className="h-full rounded-2xl border-dashed bg-slate-50/60 p-5">
                <div className="flex items-start justify-between gap-3">
                  <span className="flex size-10 items-center justify-center rounded-xl bg-white text-slate-500 ring-1 ring-slate-200">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <Badge variant="secondary">{translateText(TOOLS_PAGE.comingSoonBadge)}</Badge>
                </div>
                <h3 className="mt-4 font-semibold text-slate-900">{translateText(tool.title)}</h3>
                <p className="mt-1 text-sm text-slate-600">{translateText(tool.description)}</p>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * The body of `/tools` (spec §2 Static pages: Tools): four working calculators — mortgage, transfer
 * fees, currency conversion and investment returns, the last three on Ferry's configured fees and
 * rates — and four tools announced as coming soon. static-page.tsx puts it in the marketing layout
 * with the page's title, description and canonical link (static-page-components.tsx).
 */
export function ToolsPage() {
  const fees = useQuery(feeScheduleQueryOptions);
  const rates = useQuery(ratesQueryOptions);
  return (
    <>
      <section
        aria-labelledby="tools-heading"
        className="relative isolate overflow-hidden border-b border-slate-200/70"
      >
        <div aria-hidden="true" className="absolute inset-0 -z-10 bg-linear-to-b from-indigo-50 via-white to-white" />
        <div className="mx-auto w-full max-w-3xl px-4 py-14 text-center sm:px-6 sm:py-20">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">
            {translateText(TOOLS_PAGE.eyebrow)}
          </p>
          <h1
            id="tools-heading"
            className="mt-3 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl"
          >
            {translateText(TOOLS_PAGE.title)}
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-pretty text-slate-600">
            {translateText(TOOLS_PAGE.description)}
          </p>
        </div>
      </section>
      <div className={`${CONTAINER} py-12 sm:py-16`}>
        <section aria-labelledby="calculators-heading">
          <h2 id="calculators-heading" className="sr-only">
            {translateText(TOOLS_PAGE.calculatorsHeading)}
          </h2>
          <div className="grid gap-6 lg:grid-cols-2">
            <MortgageCalculator />
            <WithData query={fees}>{(schedule) => <TransferFeeCalculator schedule={schedule} />}</WithData>
            <WithData query={rates}>{(list) => <CurrencyConverter rates={list.rates} />}</WithData>
            <WithData query={fees}>
              {(schedule) => <InvestmentCalculator dailyRate={schedule.investmentDailyRate} />}
            </WithData>
          </div>
        </section>
        <ComingSoonTools />
        <div className="mt-14 flex justify-center">
          <Button asChild size="lg" className="h-11 rounded-xl">
            <Link to={TOOLS_PAGE.cta.to}>
              {translateText(TOOLS_PAGE.cta.label)}
              <ArrowRightIcon aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    </>
  );
}
