import {
  calculateMortgage,
  type MortgageField,
  type MortgageInput,
  priceTransferCost,
  projectInvestment,
  readMortgageTerms,
} from "@ferry/core/calculators";
import type { FeeSchedule } from "@ferry/core/contracts/fees";
import type { RatePair } from "@ferry/core/contracts/rates";
import { CURRENCY_CODES, type CurrencyCode } from "@ferry/core/currencies";
import { formatRate, parseRate, priceExchange, rateOf, tooSmallToExchangeMessage } from "@ferry/core/exchange";
import { annualRoiPercent, parseDailyRate } from "@ferry/core/investment-returns";
import { parsePositiveAmount } from "@ferry/core/money";
import { type ReactNode, useId, useState } from "react";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { formatAmount, formatMoney } from "../../i18n/format.ts";
import { formatRateForReader } from "../../i18n/format-rate.ts";
import { t, translateText } from "../../i18n/i18n.tsx";
import { CURRENCY_CONVERTER, FEE_CALCULATOR, INVESTMENT_CALCULATOR, MORTGAGE_CALCULATOR } from "./content.ts";

/*
 * The four working calculators of /tools. Each recalculates as its inputs change and announces its
 * result politely (an aria-live region); money is computed with core's rules in bigint minor units —
 * only the mortgage annuity is a float, rounded to the cent by core.
 */

/** A calculator's frame: a card with its heading (named for the card's region) and a line of intro. */
function CalculatorCard(props: { id: string; heading: string; intro: string; children: ReactNode }) {
  return (
    <Card
      role="region"
      aria-labelledby={`${props.id}-heading`}
      className="flex flex-col rounded-2xl p-6 shadow-lg shadow-slate-900/5 sm:p-8"
    >
      <h3 id={`${props.id}-heading`} className="text-xl font-bold tracking-tight text-slate-900">
        {translateText(props.heading)}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{translateText(props.intro)}</p>
      {props.children}
    </Card>
  );
}

/** A labelled text input with its error under it, linked for screen readers. */
function TextField(props: {
  id: string;
  label: string;
  value: string;
  error?: string;
  inputMode: "decimal" | "numeric";
  onChange: (value: string) => void;
}) {
  const errorId = `${props.id}-error`;
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={props.id}>{translateText(props.label)}</Label>
      <Input
        id={props.id}
        inputMode={props.inputMode}
        autoComplete="off"
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {props.error ? (
        <p id={errorId} className="text-xs font-medium text-destructive">
          {translateText(props.error)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The amount a calculator works on, with core's reason under it when it cannot be read. `id` is the
 * calculator's; `isWide` gives it the first row to itself on a phone, beside two selects from `sm` up.
 */
function AmountField(props: {
  id: string;
  label: string;
  amount: string;
  parsed: ReturnType<typeof parsePositiveAmount>;
  onChange: (value: string) => void;
  isWide?: boolean;
}) {
  const field = (
    <TextField
      id={`${props.id}amount`}
      label={props.label}
      inputMode="decimal"
      value={props.amount}
      error={props.parsed.ok ? undefined : props.parsed.message}
      onChange={props.onChange}
    />
  );
  return props.isWide ? <div className="col-span-2 sm:col-span-1">{field}</div> : field;
}

/** A labelled native select. */
function SelectField<T extends string>(props: {
  id: string;
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={props.id}>{translateText(props.label)}</Label>
      <NativeSelect id={props.id} value={props.value} onChange={(event) => props.onChange(event.target.value as T)}>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {translateText(option.label)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function currencyOptions(codes: readonly CurrencyCode[]) {
  return codes.map((code) => ({ value: code, label: code }));
}

/** One line of a result: a term and its figure, in bold when it is the answer the calculator is for. */
interface ResultLine {
  readonly term: string;
  readonly value: string;
  readonly testId?: string;
  readonly isHeadline?: boolean;
}

/**
 * The figures of a calculator, or why there are none, in a polite live region: a screen reader hears
 * the new result once the person pauses typing, without being interrupted.
 */
function Results(props: { label: string; lines: readonly ResultLine[] | null; message?: string; note?: string }) {
  return (
    <div className="mt-auto pt-6">
      <div aria-live="polite" aria-atomic="true" aria-label={props.label} role="status">
        {props.lines ? (
          <dl className="grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-4 gap-y-2 rounded-xl bg-slate-50 p-4 text-sm sm:p-5">
            {props.lines.map((line) => (
              <ResultRow key={line.term} line={line} />
            ))}
          </dl>
        ) : (
          <p className="rounded-xl bg-slate-50 p-4 text-sm font-medium text-slate-700 sm:p-5">
            {props.message === undefined ? null : translateText(props.message)}
          </p>
        )}
      </div>
      {props.note ? <p className="mt-3 text-xs text-slate-600">{translateText(props.note)}</p> : null}
    </div>
  );
}

function ResultRow({ line }: { line: ResultLine }) {
  return (
    <>
      <dt className={line.isHeadline ? "text-base font-semibold text-slate-900" : "text-slate-600"}>
        {translateText(line.term)}
      </dt>
      <dd
        data-testid={line.testId}
        className={`whitespace-nowrap text-right tabular-nums text-slate-900 ${line.isHeadline ? "text-lg font-bold" : ""}`}
      >
        {line.value}
      </dd>
    </>
  );
}

function percentOfBasisPoints(basisPoints: number): string {
  return `${basisPoints / 100} %`;
}

/** Spec §3 and §4: loan 250,000 at 3.5 % over 30 years by default, recalculated live. */
export function MortgageCalculator() {
  const id = useId();
  const [input, setInput] = useState<MortgageInput>(MORTGAGE_CALCULATOR.defaults);
  const read = readMortgageTerms(input);
  const labels = MORTGAGE_CALCULATOR.labels;
  const errors: Partial<Record<MortgageField, string>> = read.ok ? {} : read.errors;
  const change = (field: MortgageField) => (value: string) => setInput((current) => ({ ...current, [field]: value }));
  let lines: ResultLine[] | null = null;
  if (read.ok) {
    const payments = calculateMortgage(read.terms);
    lines = [
      {
        term: labels.monthlyPayment,
        value: formatAmount(payments.monthlyPaymentMinor, "USD"),
        testId: "mortgage-monthly",
        isHeadline: true,
      },
      { term: labels.totalPaid, value: formatAmount(payments.totalPaidMinor, "USD"), testId: "mortgage-total-paid" },
      {
        term: labels.totalInterest,
        value: formatAmount(payments.totalInterestMinor, "USD"),
        testId: "mortgage-total-interest",
      },
    ];
  }
  return (
    <CalculatorCard id={`${id}mortgage`} heading={MORTGAGE_CALCULATOR.heading} intro={MORTGAGE_CALCULATOR.intro}>
      <div className="mt-6 grid gap-4 sm:grid-cols-3">
        <TextField
          id={`${id}loan`}
          label={labels.loanAmount}
          inputMode="decimal"
          value={input.loanAmount}
          error={errors.loanAmount}
          onChange={change("loanAmount")}
        />
        <TextField
          id={`${id}rate`}
          label={labels.interestRatePercent}
          inputMode="decimal"
          value={input.interestRatePercent}
          error={errors.interestRatePercent}
          onChange={change("interestRatePercent")}
        />
        <TextField
          id={`${id}term`}
          label={labels.termYears}
          inputMode="numeric"
          value={input.termYears}
          error={errors.termYears}
          onChange={change("termYears")}
        />
      </div>
      <Results
        label={t("{calculator} result", { calculator: translateText(MORTGAGE_CALCULATOR.heading) })}
        lines={lines}
        message="Correct the highlighted field to see the payment."
        note={MORTGAGE_CALCULATOR.note}
      />
    </CalculatorCard>
  );
}

type FeeMethod = (typeof FEE_CALCULATOR.methods)[number]["method"];

/** The fee and the total of a transfer of `amountMinor` at `basisPoints`, by core's rule. */
function feeLinesOf(amountMinor: bigint, basisPoints: number, currency: CurrencyCode): ResultLine[] {
  const labels = FEE_CALCULATOR.labels;
  const cost = priceTransferCost(amountMinor, basisPoints);
  return [
    {
      term: `${labels.fee} (${percentOfBasisPoints(basisPoints)})`,
      value: formatMoney({ currency, amountMinor: cost.feeMinor }),
      testId: "fee-amount",
    },
    {
      term: labels.total,
      value: formatMoney({ currency, amountMinor: cost.totalMinor }),
      testId: "fee-total",
      isHeadline: true,
    },
  ];
}

/** The fee of a transfer by the operator's schedule (GET /api/v1/fees), as Send Money would charge it. */
export function TransferFeeCalculator({ schedule }: { schedule: FeeSchedule }) {
  const id = useId();
  const [amount, setAmount] = useState(FEE_CALCULATOR.defaultAmount);
  const [method, setMethod] = useState<FeeMethod>("bank");
  const [currency, setCurrency] = useState<CurrencyCode>("USD");
  const labels = FEE_CALCULATOR.labels;
  const methodEntry = FEE_CALCULATOR.methods.find((entry) => entry.method === method) ?? FEE_CALCULATOR.methods[0];
  const basisPoints = schedule.transferFeeBasisPoints[method];
  const parsed = parsePositiveAmount(amount, currency);

  function chooseMethod(next: FeeMethod) {
    setMethod(next);
    const entry = FEE_CALCULATOR.methods.find((candidate) => candidate.method === next);
    if (entry && !(entry.currencies as readonly CurrencyCode[]).includes(currency)) {
      setCurrency(entry.defaultCurrency);
    }
  }

  const lines = parsed.ok ? feeLinesOf(parsed.amountMinor, basisPoints, currency) : null;
  return (
    <CalculatorCard id={`${id}fees`} heading={FEE_CALCULATOR.heading} intro={FEE_CALCULATOR.intro}>
      <div className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-[1fr_10rem_7rem]">
        <AmountField id={id} label={labels.amount} amount={amount} parsed={parsed} onChange={setAmount} isWide />
        <SelectField
          id={`${id}method`}
          label={labels.method}
          value={method}
          options={FEE_CALCULATOR.methods.map((entry) => ({ value: entry.method, label: entry.label }))}
          onChange={chooseMethod}
        />
        <SelectField
          id={`${id}currency`}
          label={labels.currency}
          value={currency}
          options={currencyOptions(methodEntry.currencies)}
          onChange={setCurrency}
        />
      </div>
      <Results
        label={t("{calculator} result", { calculator: translateText(FEE_CALCULATOR.heading) })}
        lines={lines}
        message="Enter an amount to see the fee."
        note={FEE_CALCULATOR.note}
      />
    </CalculatorCard>
  );
}

/** What the converter shows: the figures of a conversion of `amountMinor`, or the line that says why there are none. */
function conversionOf(
  pair: RatePair | undefined,
  amountMinor: bigint | null,
  from: CurrencyCode,
  to: CurrencyCode,
): { lines: ResultLine[] | null; message: string } {
  const labels = CURRENCY_CONVERTER.labels;
  if (from === to) {
    return { lines: null, message: CURRENCY_CONVERTER.sameCurrency };
  }
  if (!pair) {
    return { lines: null, message: "This pair has no rate right now." };
  }
  if (amountMinor === null) {
    return { lines: null, message: "Enter an amount to convert." };
  }
  const rate = rateOf(pair.rate);
  const figures = priceExchange({ amountMinor, from, to, rate, feeBasisPoints: pair.feeBasisPoints });
  if (figures.receiveMinor <= 0n) {
    return { lines: null, message: tooSmallToExchangeMessage(to) };
  }
  const lines = [
    { term: labels.rate, value: `1 ${from} = ${formatRateForReader(rate)} ${to}` },
    {
      term: `${labels.fee} (${percentOfBasisPoints(pair.feeBasisPoints)})`,
      value: formatMoney({ currency: from, amountMinor: figures.feeMinor }),
    },
    {
      term: labels.receive,
      value: formatMoney({ currency: to, amountMinor: figures.receiveMinor }, 8),
      testId: "converter-receive",
      isHeadline: true,
    },
  ];
  return { lines, message: "" };
}

/** What a conversion gives at the rate table's rate and fee (GET /api/v1/rates), as an exchange prices it. */
export function CurrencyConverter({ rates }: { rates: readonly RatePair[] }) {
  const id = useId();
  const [amount, setAmount] = useState(CURRENCY_CONVERTER.defaultAmount);
  const [from, setFrom] = useState<CurrencyCode>(CURRENCY_CONVERTER.defaultFrom);
  const [to, setTo] = useState<CurrencyCode>(CURRENCY_CONVERTER.defaultTo);
  const labels = CURRENCY_CONVERTER.labels;
  const parsed = parsePositiveAmount(amount, from);
  const pair = rates.find((candidate) => candidate.from === from && candidate.to === to);
  const { lines, message } = conversionOf(pair, parsed.ok ? parsed.amountMinor : null, from, to);
  return (
    <CalculatorCard id={`${id}converter`} heading={CURRENCY_CONVERTER.heading} intro={CURRENCY_CONVERTER.intro}>
      <div className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-[1fr_7rem_7rem]">
        <AmountField id={id} label={labels.amount} amount={amount} parsed={parsed} onChange={setAmount} isWide />
        <SelectField
          id={`${id}from`}
          label={labels.from}
          value={from}
          options={currencyOptions(CURRENCY_CODES)}
          onChange={setFrom}
        />
        <SelectField
          id={`${id}to`}
          label={labels.to}
          value={to}
          options={currencyOptions(CURRENCY_CODES)}
          onChange={setTo}
        />
      </div>
      <Results
        label={t("{calculator} result", { calculator: translateText(CURRENCY_CONVERTER.heading) })}
        lines={lines}
        message={message}
      />
    </CalculatorCard>
  );
}

/** A daily rate as a percentage, exact: "0.02" is "2", "0.015" is "1.5". */
function dailyPercentOf(rateText: string): string {
  const parsed = parseRate(rateText);
  if (!parsed.ok) {
    return rateText;
  }
  return formatRate({ units: parsed.rate.units * 100n, decimals: parsed.rate.decimals });
}

/** What the investment centre would pay at the operator's daily rate (INVEST_DAILY_RATE), simple interest. */
export function InvestmentCalculator({ dailyRate }: { dailyRate: string }) {
  const id = useId();
  const [amount, setAmount] = useState(INVESTMENT_CALCULATOR.defaultAmount);
  const [days, setDays] = useState(String(INVESTMENT_CALCULATOR.defaultDays));
  const labels = INVESTMENT_CALCULATOR.labels;
  const parsed = parsePositiveAmount(amount, "USD");
  const rate = parseDailyRate(dailyRate);

  let lines: ResultLine[] | null = null;
  let message = "Enter an amount to see what it could earn.";
  if (!rate.ok) {
    message = "The investment rate is unavailable right now.";
  } else if (parsed.ok) {
    const projection = projectInvestment(parsed.amountMinor, rate.rate, Number(days));
    lines = [
      {
        term: labels.dailyRate,
        value: `${dailyPercentOf(rate.rate.text)} % (${annualRoiPercent(rate.rate)} % a year)`,
      },
      {
        term: labels.dailyReturn,
        value: formatMoney({ currency: "USD", amountMinor: projection.dailyReturnMinor }),
        testId: "investment-daily",
      },
      {
        term: labels.periodReturn,
        value: formatMoney({ currency: "USD", amountMinor: projection.returnMinor }),
        testId: "investment-return",
        isHeadline: true,
      },
      {
        term: labels.balance,
        value: formatMoney({ currency: "USD", amountMinor: projection.balanceMinor }),
        testId: "investment-balance",
      },
    ];
  }
  return (
    <CalculatorCard id={`${id}investment`} heading={INVESTMENT_CALCULATOR.heading} intro={INVESTMENT_CALCULATOR.intro}>
      <div className="mt-6 grid gap-4 sm:grid-cols-[1fr_10rem]">
        <AmountField id={id} label={labels.amount} amount={amount} parsed={parsed} onChange={setAmount} />
        <SelectField
          id={`${id}days`}
          label={labels.period}
          value={days}
          options={INVESTMENT_CALCULATOR.periods.map((period) => ({ value: String(period.days), label: period.label }))}
          onChange={setDays}
        />
      </div>
      <Results
        label={t("{calculator} result", { calculator: translateText(INVESTMENT_CALCULATOR.heading) })}
        lines={lines}
        message={message}
        note={INVESTMENT_CALCULATOR.note}
      />
    </CalculatorCard>
  );
}
