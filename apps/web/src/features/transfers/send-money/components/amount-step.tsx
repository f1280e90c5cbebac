import type { Balance } from "@ferry/core/contracts/balances";
import type { TransferQuote, TransferQuoteRequest } from "@ferry/core/contracts/transfers";
import { CURRENCY_CODES, type CurrencyCode } from "@ferry/core/currencies";
import { minorOf, parsePositiveAmount, toDecimalString } from "@ferry/core/money";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { ArrowRightIcon, CircleAlertIcon, Loader2Icon } from "lucide-react";
import { useMemo, useState } from "react";
import { type UseFormReturn, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { LoadFailed } from "../../../../components/load-failed.tsx";
import { Button } from "../../../../components/ui/button.tsx";
import { Field } from "../../../../components/ui/field.tsx";
import { Input } from "../../../../components/ui/input.tsx";
import { NativeSelect } from "../../../../components/ui/native-select.tsx";
import { Skeleton } from "../../../../components/ui/skeleton.tsx";
import { formatMoney } from "../../../../i18n/format.ts";
import { t, translateText } from "../../../../i18n/i18n.tsx";
import { messageOf } from "../../../../lib/api-error.ts";
import { balancesQueryOptions } from "../../../../lib/queries/balances.ts";
import { useErrorToast } from "../../../../lib/toasts.ts";
import { useDebouncedValue } from "../../../../lib/use-debounced-value.ts";
import { useSecondsLeft } from "../../../../lib/use-seconds-left.ts";
import { exchangeExpiresAtMs, useTransferQuote } from "../../api/get-transfer-quote.ts";
import { ExchangeFigures, percentOf } from "../../components/exchange-figures.tsx";
import { TransferAmountForm } from "../../transfer-forms.ts";
import { type ChosenAmount, type ChosenRecipient, detailsOf } from "../send-money-flow.ts";
import { StepFooter } from "./step-footer.tsx";

/** Typing pauses this long before the amount is priced. */
const QUOTE_DEBOUNCE_MS = 400;

type AmountFormInput = z.input<typeof TransferAmountForm>;

/** The amount as the API carries it, at the currency's full scale ("100" → "100.00"), once the form accepts it. */
function acceptedAmountOf(values: AmountFormInput): { amount: string; currency: CurrencyCode } | null {
  const parsed = TransferAmountForm.safeParse(values);
  if (!parsed.success) {
    return null;
  }
  const { currency } = parsed.data;
  const amount = parsePositiveAmount(parsed.data.amount, currency);
  return amount.ok ? { amount: toDecimalString(amount.amountMinor, currency), currency } : null;
}

/** A validation message (core's English text) in the reader's language. */
function translatedError(message: string | undefined): string | undefined {
  return message === undefined ? undefined : translateText(message);
}

function QuoteSummary(props: { quote: TransferQuote; isUpdating: boolean; secondsLeft: number }) {
  const { quote } = props;
  if (quote.exchange) {
    return (
      <ExchangeFigures
        quote={quote}
        exchange={quote.exchange}
        secondsLeft={props.secondsLeft}
        isUpdating={props.isUpdating}
        label={t("Quote")}
      />
    );
  }
  const money = (decimal: string) =>
    formatMoney({ currency: quote.currency, amountMinor: minorOf(decimal, quote.currency) });
  return (
    <dl
      className="grid gap-2 rounded-lg border border-border bg-muted/50 p-4 text-sm"
      aria-busy={props.isUpdating}
      aria-label={t("Quote")}
    >
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">{t("Amount")}</dt>
        <dd className="tabular-nums">{money(quote.amount)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">{t("Fee ({percent}%)", { percent: percentOf(quote.feeBasisPoints) })}</dt>
        <dd className="tabular-nums" data-testid="quote-fee">
          {money(quote.fee)}
        </dd>
      </div>
      <div className="flex justify-between gap-4 border-t border-border pt-2 font-semibold">
        <dt>{t("Total")}</dt>
        <dd className="tabular-nums" data-testid="quote-total">
          {money(quote.total)}
        </dd>
      </div>
    </dl>
  );
}

/**
 * The server's fee and total for what the form accepts, asked once typing pauses. The quote is current
 * only when it is for exactly what is typed; Continue waits for that and refuses more than is available.
 */
function useAmountQuote(recipient: ChosenRecipient, values: AmountFormInput, payFrom: CurrencyCode) {
  const currency = values.currency as CurrencyCode;
  const acceptedAmount = acceptedAmountOf(values)?.amount ?? null;
  // One object per (recipient, amount, currency, balance), so the debounce and the query key see a stable value.
  const details = useMemo((): TransferQuoteRequest | null => {
    if (!acceptedAmount) {
      return null;
    }
    const own = detailsOf(recipient, acceptedAmount, currency);
    return payFrom === currency ? own : { ...own, payFrom };
  }, [recipient, acceptedAmount, currency, payFrom]);
  const debouncedDetails = useDebouncedValue(details, QUOTE_DEBOUNCE_MS);
  const quote = useTransferQuote(debouncedDetails);
  const expiresAtMs = quote.data?.exchange ? exchangeExpiresAtMs(quote.dataUpdatedAt) : null;
  const secondsLeft = useSecondsLeft(expiresAtMs);
  const isQuoteCurrent =
    details !== null &&
    debouncedDetails === details &&
    quote.isSuccess &&
    !quote.isPlaceholderData &&
    (expiresAtMs === null || secondsLeft > 0);
  const isInsufficient = isQuoteCurrent && isMoreThanAvailable(quote.data);
  const quoteError = details && debouncedDetails === details && quote.isError ? quote.error : null;
  return {
    details,
    quote,
    expiresAtMs,
    secondsLeft,
    isQuoteCurrent,
    isInsufficient,
    quoteError,
    canContinue: isQuoteCurrent && !isInsufficient,
  };
}

/** Whether the quote costs more than the balance it is paid from holds. */
function isMoreThanAvailable(quote: TransferQuote): boolean {
  if (quote.exchange) {
    const { from } = quote.exchange;
    return minorOf(quote.exchange.amount, from) > minorOf(quote.exchange.available, from);
  }
  return minorOf(quote.total, quote.currency) > minorOf(quote.available, quote.currency);
}

/** The quote under the form: its figures, "Calculating fee…" while it comes, or why it cannot be had. */
function QuoteStatus({ state }: { state: ReturnType<typeof useAmountQuote> }) {
  const { details, quote, quoteError } = state;
  return (
    <>
      {quote.data && details ? (
        <QuoteSummary
          quote={quote.data}
          isUpdating={!state.isQuoteCurrent && !quoteError}
          secondsLeft={state.secondsLeft}
        />
      ) : null}
      {details && !quote.data && !quoteError ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2Icon className="size-4 animate-spin" /> {t("Calculating fee…")}
        </p>
      ) : null}
      {state.isInsufficient ? (
        <p role="alert" className="flex items-center gap-2 text-sm font-medium text-destructive">
          <CircleAlertIcon className="size-4" /> {t("Insufficient balance")}
        </p>
      ) : null}
      {quoteError ? (
        <p role="alert" className="flex items-center gap-2 text-sm font-medium text-destructive">
          <CircleAlertIcon className="size-4 shrink-0" />{" "}
          {translateText(messageOf(quoteError, t("This transfer could not be priced")))}
        </p>
      ) : null}
    </>
  );
}

/** Who the money goes to, above the form. */
function RecipientLine({ recipient }: { recipient: ChosenRecipient }) {
  return (
    <div className="flex items-center gap-3 rounded-lg bg-muted/60 p-3 text-sm">
      <span className="text-muted-foreground">{t("To")}</span>
      <span className="min-w-0 flex-1 truncate font-medium">
        {recipient.name}
        {recipient.name !== recipient.email ? (
          <span className="font-normal text-muted-foreground"> · {recipient.email}</span>
        ) : null}
      </span>
    </div>
  );
}

/** The balance of the chosen currency, under the amount (a placeholder bar while it loads). */
function AvailableLine(props: { currency: CurrencyCode; available: Balance | undefined }) {
  const { currency, available } = props;
  return (
    <p id="send-available" className="-mt-2 text-right text-xs text-muted-foreground">
      {t("Available:")}{" "}
      {available ? (
        <span className="font-medium text-foreground tabular-nums" data-testid="send-available">
          {formatMoney({ currency, amountMinor: minorOf(available.available, currency) })}
        </span>
      ) : (
        <span className="inline-block h-3 w-20 animate-pulse rounded bg-muted align-middle" />
      )}
    </p>
  );
}

/**
 * The balance the money comes from (issue 30): the recipient's currency itself, or another balance the
 * sender holds, exchanged in the same step. Shown only when there is a choice.
 */
function PayFromField(props: {
  options: readonly CurrencyCode[];
  value: CurrencyCode;
  onChange: (currency: CurrencyCode) => void;
}) {
  if (props.options.length <= 1) {
    return null;
  }
  return (
    <Field id="send-pay-from" label={t("Pay from")}>
      <NativeSelect
        id="send-pay-from"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value as CurrencyCode)}
      >
        {props.options.map((code) => (
          <option key={code} value={code}>
            {t("{currency} balance", { currency: code })}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}

/** The balances money can be paid from: the recipient's currency, then every other the sender holds. */
function payFromOptionsOf(currency: CurrencyCode, balances: readonly Balance[] | undefined): CurrencyCode[] {
  const held = (balances ?? [])
    .filter((entry) => minorOf(entry.available, entry.currency) > 0n)
    .map((entry) => entry.currency);
  return [currency, ...held.filter((code) => code !== currency)];
}

/** Paid from the recipient's currency when the sender holds any, else from the first balance they hold. */
function defaultPayFromOf(currency: CurrencyCode, balances: readonly Balance[] | undefined): CurrencyCode {
  const holds = (code: CurrencyCode) =>
    balances?.some((entry) => entry.currency === code && minorOf(entry.available, code) > 0n) ?? false;
  return holds(currency) ? currency : (payFromOptionsOf(currency, balances)[1] ?? currency);
}

type AmountFormApi = UseFormReturn<AmountFormInput, unknown, TransferAmountForm>;

/** The amount's error once it is settled: a half-typed "12." is judged once typing pauses, or on leaving the field. */
function useSettledAmountError(form: AmountFormApi, amountText: string, hasInitial: boolean): string | undefined {
  const settledAmountText = useDebouncedValue(amountText, QUOTE_DEBOUNCE_MS);
  const { errors, touchedFields, isSubmitted } = form.formState;
  const isAmountSettled = touchedFields.amount || isSubmitted || hasInitial || settledAmountText === amountText;
  return isAmountSettled ? translatedError(errors.amount?.message) : undefined;
}

/** The currency and the amount side by side. */
function CurrencyAndAmount(props: { form: AmountFormApi; currencies: readonly CurrencyCode[]; amountError?: string }) {
  const { form, currencies, amountError } = props;
  const amountField = form.register("amount");
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-3">
      <Field id="send-currency" label={t("Currency")} error={translatedError(form.formState.errors.currency?.message)}>
        <NativeSelect id="send-currency" disabled={currencies.length <= 1} {...form.register("currency")}>
          {currencies.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="send-amount" label={t("Amount")} error={amountError}>
        <Input
          id="send-amount"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          autoFocus
          className="text-right text-lg font-semibold tabular-nums"
          aria-invalid={amountError ? true : undefined}
          aria-describedby={amountError ? "send-amount-error" : "send-available"}
          {...amountField}
          onChange={(event) => {
            // Many keyboards type a decimal comma; amounts are read with a point.
            event.target.value = event.target.value.replace(",", ".");
            return amountField.onChange(event);
          }}
        />
      </Field>
    </div>
  );
}

/**
 * The amount form: the currency, the amount, an optional memo, and — once the form accepts the
 * amount — the server's fee and total. Continue waits for the quote of exactly what is typed, and
 * refuses more than is available.
 */
function AmountForm(props: {
  recipient: ChosenRecipient;
  currencies: readonly CurrencyCode[];
  balances: readonly Balance[] | undefined;
  initial: ChosenAmount | null;
  onContinue: (payment: ChosenAmount) => void;
  onBack: () => void;
}) {
  const { recipient, currencies } = props;
  const initialCurrency =
    props.initial && currencies.includes(props.initial.currency) ? props.initial.currency : currencies[0];
  const form = useForm<AmountFormInput, unknown, TransferAmountForm>({
    resolver: zodResolver(TransferAmountForm),
    mode: "onChange",
    defaultValues: {
      currency: initialCurrency,
      amount: props.initial?.amount ?? "",
      memo: props.initial?.memo ?? "",
    },
  });
  const values = useWatch({ control: form.control }) as AmountFormInput;
  const currency = values.currency as CurrencyCode;
  // Null until the person picks a balance: then it follows the currency (theirs, when they hold it).
  const [chosenPayFrom, setPayFrom] = useState<CurrencyCode | null>(props.initial?.payFrom ?? null);
  const payFromOptions = payFromOptionsOf(currency, props.balances);
  const paidFrom =
    chosenPayFrom && payFromOptions.includes(chosenPayFrom)
      ? chosenPayFrom
      : defaultPayFromOf(currency, props.balances);
  const state = useAmountQuote(recipient, values, paidFrom);
  const amountError = useSettledAmountError(form, values.amount ?? "", props.initial !== null);
  const { errors } = form.formState;

  function submit(submitted: TransferAmountForm) {
    const { details, quote } = state;
    if (state.canContinue && details && quote.data) {
      props.onContinue({
        amount: details.amount,
        currency,
        payFrom: paidFrom,
        memo: submitted.memo ?? "",
        quote: quote.data,
        expiresAtMs: state.expiresAtMs,
      });
    }
  }

  return (
    <form className="grid grid-cols-1 gap-4" onSubmit={form.handleSubmit(submit)} noValidate>
      <RecipientLine recipient={recipient} />
      <CurrencyAndAmount form={form} currencies={currencies} amountError={amountError} />
      <PayFromField options={payFromOptions} value={paidFrom} onChange={setPayFrom} />
      <AvailableLine currency={paidFrom} available={props.balances?.find((entry) => entry.currency === paidFrom)} />
      <Field id="send-memo" label={t("Memo (optional)")} error={translatedError(errors.memo?.message)}>
        <Input
          id="send-memo"
          placeholder={t("What is it for?")}
          aria-invalid={errors.memo ? true : undefined}
          {...form.register("memo")}
        />
      </Field>
      <QuoteStatus state={state} />
      <StepFooter onBack={props.onBack}>
        <Button type="submit" disabled={!state.canContinue}>
          {t("Continue")} <ArrowRightIcon />
        </Button>
      </StepFooter>
    </form>
  );
}

/**
 * Step 4, amount-currency: a saved recipient receives its own currency; a Ferry user any currency,
 * paid from a balance the sender holds, so the form waits for the balances to offer them.
 */
export function AmountStep(props: {
  recipient: ChosenRecipient;
  initial: ChosenAmount | null;
  onContinue: (payment: ChosenAmount) => void;
  onBack: () => void;
}) {
  const { recipient } = props;
  const balances = useQuery(balancesQueryOptions);
  // Balances that could not be read are never shown as none (issue 30): the step says so, with Retry,
  // and the spec's toast says why.
  useErrorToast(balances.error, t("Failed to load balances"));
  const held = (balances.data?.balances ?? [])
    .filter((entry) => minorOf(entry.available, entry.currency) > 0n)
    .map((entry) => entry.currency);
  // A saved recipient receives its own currency. A Ferry user receives any: the balances held first,
  // then the others, paid from a balance held (issue 30: choose what they get, pay from what you have).
  const currencies: CurrencyCode[] = recipient.currency
    ? [recipient.currency]
    : [...held, ...CURRENCY_CODES.filter((code) => !held.includes(code))];

  if (!recipient.currency && balances.isPending) {
    return <Skeleton className="h-56" />;
  }
  if (balances.isError && !balances.data) {
    return (
      <>
        <LoadFailed message={t("Your balances could not be loaded right now.")} query={balances} />
        <StepFooter onBack={props.onBack} />
      </>
    );
  }
  if (!recipient.currency && held.length === 0) {
    return (
      <>
        <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
          {t("You have no money to send yet. Add cash to your account first.")}
        </p>
        <StepFooter onBack={props.onBack} />
      </>
    );
  }
  return <AmountForm {...props} currencies={currencies} balances={balances.data?.balances} />;
}
