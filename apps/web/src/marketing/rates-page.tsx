import type { RatePair } from "@ferry/core/contracts/rates";
import type { CurrencyCode } from "@ferry/core/currencies";
import { priceExchange, rateOf, tooSmallToExchangeMessage } from "@ferry/core/exchange";
import { computeFee } from "@ferry/core/fees";
import type { MessageKey } from "@ferry/core/i18n/catalog";
import { parsePositiveAmount } from "@ferry/core/money";
import { useQuery } from "@tanstack/react-query";
import { ArrowRightIcon } from "lucide-react";
import { memo, type ReactNode, useDeferredValue, useId, useState } from "react";
import { Button } from "../components/ui/button.tsx";
import { Card } from "../components/ui/card.tsx";
import { Input } from "../components/ui/input.tsx";
import { Label } from "../components/ui/label.tsx";
import { NativeSelect } from "../components/ui/native-select.tsx";
import { formatMoney } from "../i18n/format.ts";
import { formatRateForReader } from "../i18n/format-rate.ts";
import { format, t, translateText } from "../i18n/i18n.tsx";
import { formatDateTime } from "../lib/format-date-time.ts";
import { ratesQueryOptions } from "../lib/queries/rates.ts";
import { BANK_COMPARISON, CALCULATOR, FEATURED_PAIRS, RATES_PAGE } from "./content/rates.ts";
import { Link } from "./local-link.tsx";
import { MarketingLayout } from "./marketing-layout.tsx";
import { PageMeta } from "./page-meta.tsx";
import { RATES_PAGE_ENTRY } from "./static-pages.ts";

const CONTAINER = "mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8";

/**
 * Where a figure goes while the rates load: a bar of about a figure's size, so the page keeps its
 * layout when they arrive (the pre-rendered page shows this state; nothing below it moves).
 */
function PendingFigure({ size = "h-4 w-20" }: { size?: string }) {
  return <span aria-hidden="true" className={`inline-block animate-pulse rounded bg-muted align-middle ${size}`} />;
}

function pairOf(rates: readonly RatePair[], from: CurrencyCode, to: CurrencyCode): RatePair | undefined {
  return rates.find((pair) => pair.from === from && pair.to === to);
}

/** A percentage's decimal string ("0.5") with the reader's decimal sign ("0,5" in German). */
function localDecimal(value: string): string {
  const decimalSign = format().decimal("0.5", 1).replace(/\d/g, "");
  return value.replace(".", decimalSign);
}

function percentOf(basisPoints: number): string {
  return `${localDecimal(String(basisPoints / 100))} %`;
}

/** A rate as the reader's locale writes it, grouped, to 8 significant digits and 8 decimals. */
function displayRate(pair: RatePair): string {
  return formatRateForReader(rateOf(pair.rate));
}

/** What the calculator shows for its inputs: the figures, or why there are none. */
type Calculation =
  | { ok: true; amountMinor: bigint; feeMinor: bigint; receiveMinor: bigint; pair: RatePair }
  | { ok: false; message: string };

function calculate(rates: readonly RatePair[], amount: string, from: CurrencyCode, to: CurrencyCode): Calculation {
  if (from === to) {
    return { ok: false, message: t("Choose two different currencies") };
  }
  const parsed = parsePositiveAmount(amount, from);
  if (!parsed.ok) {
    return { ok: false, message: translateText(parsed.message) };
  }
  const pair = pairOf(rates, from, to);
  if (!pair) {
    return { ok: false, message: t(RATES_PAGE.unavailable) };
  }
  const figures = priceExchange({
    amountMinor: parsed.amountMinor,
    from,
    to,
    rate: rateOf(pair.rate),
    feeBasisPoints: pair.feeBasisPoints,
  });
  if (figures.receiveMinor <= 0n) {
    return { ok: false, message: translateText(tooSmallToExchangeMessage(to)) };
  }
  return { ok: true, amountMinor: parsed.amountMinor, ...figures, pair };
}

/** The calculator's figures for its inputs: pending while the rates load, the price, or why there is none. */
function CalculatorFigures(props: {
  result: Calculation | undefined;
  from: CurrencyCode;
  to: CurrencyCode;
  errorId: string;
}) {
  const { result, from, to } = props;
  if (result === undefined) {
    return (
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl bg-slate-50 p-5 text-sm">
        <dt className="text-slate-600">{t("Rate")}</dt>
        <dd className="text-right">
          <PendingFigure size="h-9 w-28 sm:h-4 sm:w-36" />
        </dd>
        <dt className="text-slate-600">{t("Fee")}</dt>
        <dd className="text-right">
          <PendingFigure />
        </dd>
        <dt className="text-base font-semibold text-slate-900">{t("You receive")}</dt>
        <dd className="text-right text-base">
          <PendingFigure size="h-4 w-28" />
        </dd>
      </dl>
    );
  }
  if (!result.ok) {
    return (
      <p id={props.errorId} role="alert" className="mt-6 text-sm font-medium text-destructive">
        {result.message}
      </p>
    );
  }
  return (
    <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl bg-slate-50 p-5 text-sm">
      <dt className="text-slate-600">{t("Rate")}</dt>
      <dd className="text-right tabular-nums text-slate-900">
        1 {from} = {displayRate(result.pair)} {to}
      </dd>
      <dt className="text-slate-600">{t("Fee ({percent})", { percent: percentOf(result.pair.feeBasisPoints) })}</dt>
      <dd className="text-right tabular-nums text-slate-900">
        {formatMoney({ currency: from, amountMinor: result.feeMinor })}
      </dd>
      <dt className="text-base font-semibold text-slate-900">{t("You receive")}</dt>
      <dd className="text-right text-base font-bold tabular-nums text-slate-900" data-testid="calculator-receive">
        {formatMoney({ currency: to, amountMinor: result.receiveMinor })}
      </dd>
    </dl>
  );
}

/** A labelled select of currencies. */
function CurrencySelect(props: {
  id: string;
  label: MessageKey;
  value: CurrencyCode;
  currencies: readonly CurrencyCode[];
  onChange: (currency: CurrencyCode) => void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={props.id}>{t(props.label)}</Label>
      <NativeSelect
        id={props.id}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value as CurrencyCode)}
      >
        {props.currencies.map((code) => (
          <option key={code}>{code}</option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** The calculator and the bank comparison; `rates` is undefined while they load. */
const Calculator = memo(function Calculator({ rates }: { rates: readonly RatePair[] | undefined }) {
  const ids = useId();
  const [amount, setAmount] = useState(CALCULATOR.defaultAmount);
  const [from, setFrom] = useState<CurrencyCode>(CALCULATOR.defaultFrom);
  const [to, setTo] = useState<CurrencyCode>(CALCULATOR.defaultTo);
  const result = rates ? calculate(rates, amount, from, to) : undefined;
  const amountId = `${ids}-amount`;
  return (
    <div className="grid gap-8 lg:grid-cols-[1.1fr_1fr]">
      <Card className="rounded-2xl p-6 shadow-lg shadow-slate-900/5 sm:p-8">
        <h2 id="calculator-heading" className="text-xl font-bold tracking-tight text-slate-900">
          {t(RATES_PAGE.calculatorHeading)}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t(RATES_PAGE.calculatorIntro)}</p>
        <div className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-[1fr_8rem_8rem]">
          <div className="col-span-2 grid gap-2 sm:col-span-1">
            <Label htmlFor={amountId}>{t("Amount")}</Label>
            <Input
              id={amountId}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              aria-invalid={result?.ok === false ? true : undefined}
              aria-describedby={result?.ok === false ? `${amountId}-error` : undefined}
              onChange={(event) => setAmount(event.target.value)}
            />
          </div>
          <CurrencySelect
            id={`${ids}-from`}
            label="From"
            value={from}
            currencies={CALCULATOR.fromCurrencies}
            onChange={setFrom}
          />
          <CurrencySelect
            id={`${ids}-to`}
            label="To"
            value={to}
            currencies={CALCULATOR.toCurrencies}
            onChange={setTo}
          />
        </div>
        <CalculatorFigures result={result} from={from} to={to} errorId={`${amountId}-error`} />
      </Card>
      <BankComparison from={from} calculation={result} />
    </div>
  );
});

/** Ferry's fee beside a bank's for the calculator's amount; figures pending while `calculation` is undefined. */
function BankComparison({ from, calculation }: { from: CurrencyCode; calculation: Calculation | undefined }) {
  if (calculation?.ok === false) {
    return null;
  }
  const bankFeeMinor = calculation && computeFee(calculation.amountMinor, BANK_COMPARISON.bankFeeBasisPoints);
  const savingsMinor = calculation && bankFeeMinor !== undefined ? bankFeeMinor - calculation.feeMinor : undefined;
  const rows = [
    {
      label: BANK_COMPARISON.ferryLabel,
      basisPoints: calculation?.pair.feeBasisPoints,
      feeMinor: calculation?.feeMinor,
      tone: "bg-indigo-600",
    },
    {
      label: BANK_COMPARISON.bankLabel,
      basisPoints: BANK_COMPARISON.bankFeeBasisPoints,
      feeMinor: bankFeeMinor,
      tone: "bg-slate-400",
    },
  ];
  const widest = Math.max(calculation?.pair.feeBasisPoints ?? 0, BANK_COMPARISON.bankFeeBasisPoints);
  return (
    <Card className="rounded-2xl p-6 shadow-lg shadow-slate-900/5 sm:p-8">
      <h2 id="comparison-heading" className="text-xl font-bold tracking-tight text-slate-900">
        {t(RATES_PAGE.comparisonHeading)}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t(RATES_PAGE.comparisonIntro)}</p>
      <ul className="mt-6 grid gap-5">
        {rows.map((row) => (
          <li key={row.label}>
            <div className="flex items-baseline justify-between gap-3 text-sm">
              <span className="font-semibold text-slate-900">
                {t(row.label)}{" "}
                {row.basisPoints === undefined ? null : (
                  <span className="font-normal text-slate-600">({percentOf(row.basisPoints)})</span>
                )}
              </span>
              <span className="tabular-nums font-semibold text-slate-900">
                {row.feeMinor === undefined ? (
                  <PendingFigure />
                ) : (
                  formatMoney({ currency: from, amountMinor: row.feeMinor })
                )}
              </span>
            </div>
            <div aria-hidden="true" className="mt-2 h-2.5 rounded-full bg-slate-100">
              <div
                className={`h-2.5 rounded-full ${row.tone}`}
                style={{
                  width: `${row.basisPoints === undefined ? 0 : Math.max(2, (row.basisPoints / widest) * 100)}%`,
                }}
              />
            </div>
          </li>
        ))}
      </ul>
      {savingsMinor === undefined ? (
        <p className="mt-6 rounded-xl bg-emerald-50 p-4 text-sm">
          <PendingFigure size="h-4 w-48" />
        </p>
      ) : savingsMinor > 0n ? (
        <p className="mt-6 rounded-xl bg-emerald-50 p-4 text-sm font-semibold text-emerald-900">
          {t("You save {amount}", { amount: formatMoney({ currency: from, amountMinor: savingsMinor }) })}
        </p>
      ) : null}
      <p className="mt-4 text-xs text-slate-600">{t(BANK_COMPARISON.bankNote)}</p>
    </Card>
  );
}

/** The featured pairs; `rates` is undefined while they load (the rows show, their figures pending). */
const PairsTable = memo(function PairsTable({ rates }: { rates: readonly RatePair[] | undefined }) {
  const rows = FEATURED_PAIRS.map(([from, to]) => (rates ? pairOf(rates, from, to) : { from, to })).filter(
    (pair): pair is RatePair | { from: CurrencyCode; to: CurrencyCode } => pair !== undefined,
  );
  // ISO timestamps sort as text: the last is the most recent change among the pairs shown.
  const updatedAt =
    rows
      .map((pair) => ("updatedAt" in pair ? pair.updatedAt : ""))
      .sort()
      .at(-1) ?? "";
  return (
    <section aria-labelledby="pairs-heading" className="mt-14">
      <h2 id="pairs-heading" className="text-xl font-bold tracking-tight text-slate-900">
        {t(RATES_PAGE.tableHeading)}
      </h2>
      <Card className="mt-4 overflow-x-auto rounded-2xl">
        <table className="w-full text-left text-xs sm:text-sm">
          <caption className="sr-only">{t(RATES_PAGE.tableCaption)}</caption>
          <thead className="border-b border-border bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="whitespace-nowrap px-2 py-3 sm:px-4 font-medium">
                {t("From")}
              </th>
              <th scope="col" className="whitespace-nowrap px-2 py-3 sm:px-4 font-medium">
                {t("To")}
              </th>
              <th scope="col" className="whitespace-nowrap px-2 py-3 sm:px-4 text-right font-medium">
                {t("Rate")}
              </th>
              <th scope="col" className="whitespace-nowrap px-2 py-3 sm:px-4 text-right font-medium">
                {t("Fee")}
              </th>
              <th scope="col" className="whitespace-nowrap px-2 py-3 sm:px-4 font-medium">
                {t("Time")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {rows.map((pair) => (
              <tr key={`${pair.from}-${pair.to}`} data-testid="rate-row">
                <td className="whitespace-nowrap px-2 py-3 sm:px-4 font-semibold">{pair.from}</td>
                <td className="whitespace-nowrap px-2 py-3 sm:px-4 font-semibold">{pair.to}</td>
                <td className="whitespace-nowrap px-2 py-3 sm:px-4 text-right tabular-nums">
                  {"rate" in pair ? displayRate(pair) : <PendingFigure size="h-3 w-16" />}
                </td>
                <td className="whitespace-nowrap px-2 py-3 sm:px-4 text-right tabular-nums">
                  {"feeBasisPoints" in pair ? percentOf(pair.feeBasisPoints) : <PendingFigure size="h-3 w-10" />}
                </td>
                <td className="whitespace-nowrap px-2 py-3 sm:px-4">{t(RATES_PAGE.time)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      {rates === undefined ? (
        <p className="mt-2 text-xs">
          <PendingFigure size="h-3 w-48" />
        </p>
      ) : updatedAt ? (
        <p className="mt-2 text-xs text-slate-600">{t("Rates as of {time}", { time: formatDateTime(updatedAt) })}</p>
      ) : null}
    </section>
  );
});

/**
 * The calculator and the pairs table, from the live rates. Only this part renders again when they
 * arrive, not the page around it, and at a transition's priority (`useDeferredValue`): React renders it
 * in slices between which the browser can answer input, where one long task would hold it up.
 */
function LiveRates() {
  const rates = useQuery(ratesQueryOptions);
  const deferredRates = useDeferredValue(rates.data?.rates);
  let body: ReactNode;
  if (rates.isError) {
    body = (
      <p role="alert" className="rounded-xl bg-slate-50 p-6 text-center text-slate-700">
        {t(RATES_PAGE.unavailable)}
      </p>
    );
  } else {
    body = (
      <>
        <Calculator rates={deferredRates} />
        <PairsTable rates={deferredRates} />
      </>
    );
  }
  return (
    <>
      {rates.isPending ? (
        <p role="status" className="sr-only">
          {t(RATES_PAGE.loading)}
        </p>
      ) : null}
      {body}
    </>
  );
}

/**
 * `/rates` (spec §2 Rates): the calculator (amount 1000, USD to BTC by default), the six pairs and the
 * bank comparison, all computed from the same rate table that prices customers' exchanges.
 */
export function RatesPage() {
  return (
    <MarketingLayout>
      <PageMeta {...RATES_PAGE_ENTRY} />
      <section
        aria-labelledby="rates-heading"
        className="relative isolate overflow-hidden border-b border-slate-200/70"
      >
        <div aria-hidden="true" className="absolute inset-0 -z-10 bg-linear-to-b from-indigo-50 via-white to-white" />
        <div className="mx-auto w-full max-w-3xl px-4 py-14 text-center sm:px-6 sm:py-20">
          <h1
            id="rates-heading"
            className="text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl"
          >
            {t(RATES_PAGE.title)}
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-pretty text-slate-600">
            {t(RATES_PAGE.description)}
          </p>
        </div>
      </section>
      <div className={`${CONTAINER} py-12 sm:py-16`}>
        <LiveRates />
        <div className="mt-12 flex justify-center">
          <Button asChild size="lg" className="h-11 rounded-xl">
            <Link to={RATES_PAGE.cta.to}>
              {t(RATES_PAGE.cta.label)}
              <ArrowRightIcon aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    </MarketingLayout>
  );
}
