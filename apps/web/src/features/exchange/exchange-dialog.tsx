import type { Balance } from "@ferry/core/contracts/balances";
import {
  type ExchangeQuote,
  ExchangeQuoteRequest,
  FRESH_QUOTE_MESSAGE,
  QUOTE_EXPIRED_MESSAGE,
} from "@ferry/core/contracts/exchange";
import { CURRENCY_CODES, type CurrencyCode } from "@ferry/core/currencies";
import { rateOf } from "@ferry/core/exchange";
import { minorOf } from "@ferry/core/money";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { ArrowRightIcon, RefreshCwIcon, TimerIcon } from "lucide-react";
import { useState } from "react";
import { Controller, type UseFormReturn, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { AmountField } from "../../components/amount-field.tsx";
import { DialogFrame } from "../../components/dialog-frame.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Button } from "../../components/ui/button.tsx";
import { DialogFooter } from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { formatMoney } from "../../i18n/format.ts";
import { formatRateForReader } from "../../i18n/format-rate.ts";
import { format, t, translateText } from "../../i18n/i18n.tsx";
import { ApiError } from "../../lib/api-error.ts";
import { newIdempotencyKey } from "../../lib/idempotency-key.ts";
import { balancesQueryOptions } from "../../lib/queries/balances.ts";
import { toastFailure } from "../../lib/toasts.ts";
import { useSecondsLeft } from "../../lib/use-seconds-left.ts";
import { useCreateExchangeQuote } from "./api/create-exchange-quote.ts";
import { useExecuteExchange } from "./api/execute-exchange.ts";

type ExchangeFormInput = z.input<typeof ExchangeQuoteRequest>;

/** A quote on screen: the server's figures, one Idempotency-Key for confirming it, and when its time runs out here. */
interface ShownQuote {
  readonly quote: ExchangeQuote;
  readonly idempotencyKey: string;
  /** This browser's clock when the quote expires: its 30 seconds counted from when it arrived, whatever the clock says. */
  readonly expiresAtMs: number;
  /** Said above the figures when this quote replaced an expired one. */
  readonly notice: string | null;
}

function showQuote(quote: ExchangeQuote, notice: string | null = null): ShownQuote {
  const lifetimeMs = new Date(quote.expiresAt).getTime() - new Date(quote.createdAt).getTime();
  return { quote, idempotencyKey: newIdempotencyKey(), expiresAtMs: Date.now() + lifetimeMs, notice };
}

/** The currency to sell first: US dollars if the user holds any, otherwise the first one they hold. */
function defaultFromOf(balances: readonly Balance[]): CurrencyCode {
  const held = balances.filter((balance) => minorOf(balance.available, balance.currency) > 0n);
  return held.find((balance) => balance.currency === "USD")?.currency ?? held[0]?.currency ?? "USD";
}

/** A validation message or the server's refusal (English) in the reader's language. */
function translatedError(message: string | undefined): string | undefined {
  return message === undefined ? undefined : translateText(message);
}

function isExpiredQuoteError(error: unknown): boolean {
  return error instanceof ApiError && error.code === "conflict" && error.fields.quoteId === QUOTE_EXPIRED_MESSAGE;
}

function QuoteFigures({ shown, secondsLeft }: { shown: ShownQuote; secondsLeft: number }) {
  const { quote } = shown;
  const rate = formatRateForReader(rateOf(quote.rate));
  const feeText = (quote.feeBasisPoints / 100).toString();
  const feePercent = format().decimal(feeText, feeText.split(".")[1]?.length ?? 0);
  return (
    <section aria-label={t("Quote")} className="grid gap-3">
      {shown.notice ? (
        <p role="status" className="rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
          {translateText(shown.notice)}
        </p>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg bg-muted p-4 text-sm">
        <dt className="text-muted-foreground">{t("Rate")}</dt>
        <dd className="text-right tabular-nums">
          1 {quote.from} = {rate} {quote.to}
        </dd>
        <dt className="text-muted-foreground">{t("You pay")}</dt>
        <dd className="text-right tabular-nums">
          {formatMoney({ currency: quote.from, amountMinor: minorOf(quote.amount, quote.from) })}
        </dd>
        <dt className="text-muted-foreground">{t("Fee ({percent} %)", { percent: feePercent })}</dt>
        <dd className="text-right tabular-nums">
          {formatMoney({ currency: quote.from, amountMinor: minorOf(quote.fee, quote.from) })}
        </dd>
        <dt className="font-semibold">{t("You receive")}</dt>
        <dd className="text-right font-semibold tabular-nums" data-testid="exchange-receive">
          {formatMoney({ currency: quote.to, amountMinor: minorOf(quote.receive, quote.to) })}
        </dd>
      </dl>
      {secondsLeft > 0 ? (
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <TimerIcon aria-hidden="true" className="size-4" />
          <span className="tabular-nums">{t("Rate locked for {seconds} s", { seconds: secondsLeft })}</span>
        </p>
      ) : (
        <p role="alert" className="text-sm font-medium text-destructive">
          {t("This quote expired. Get a fresh quote to see today's rate.")}
        </p>
      )}
    </section>
  );
}

/**
 * A quote and its confirmation: the figures on screen, their countdown, and what the server said. A quote
 * the server calls expired is replaced by a fresh one the person must confirm again.
 */
function useExchangeQuote(onDone: () => void) {
  const [shown, setShown] = useState<ShownQuote | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const secondsLeft = useSecondsLeft(shown?.expiresAtMs ?? null);
  const createQuote = useCreateExchangeQuote();
  const execute = useExecuteExchange();

  // Any change to what is exchanged drops the quote: a quote is for exactly the figures it shows.
  function forgetQuote() {
    setShown(null);
    setRefusal(null);
    createQuote.reset();
  }

  function requestQuote(request: ExchangeQuoteRequest, notice: string | null = null) {
    setRefusal(null);
    createQuote.mutate(request, {
      onSuccess: (quote) => setShown(showQuote(quote, notice)),
      onError: (error) => {
        setShown(null);
        if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) {
          toastFailure(t("Failed to get a quote"), error);
        }
      },
    });
  }

  function confirm(current: ShownQuote) {
    execute.mutate(
      { quoteId: current.quote.id, idempotencyKey: current.idempotencyKey },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (isExpiredQuoteError(error)) {
            // The server's clock says it is over: show a fresh quote and let the person confirm it again.
            requestQuote(
              { from: current.quote.from, to: current.quote.to, amount: current.quote.amount },
              FRESH_QUOTE_MESSAGE,
            );
            return;
          }
          if (error instanceof ApiError && error.status > 0 && error.status < 500) {
            setRefusal(error.message);
            return;
          }
          toastFailure(t("Failed to exchange"), error);
        },
      },
    );
  }

  // The server's refusal of a quote (too little balance, too small an amount) belongs to the amount.
  const quoteRefusal =
    createQuote.error instanceof ApiError && createQuote.error.status > 0 && createQuote.error.status < 500
      ? createQuote.error.message
      : undefined;
  return { shown, refusal, secondsLeft, createQuote, execute, quoteRefusal, forgetQuote, requestQuote, confirm };
}

type ExchangeQuoteState = ReturnType<typeof useExchangeQuote>;

/** The submit button's words: what pressing it will do now. */
function submitLabelOf(quote: ExchangeQuoteState): string {
  if (quote.shown && quote.secondsLeft > 0) {
    return quote.execute.isPending ? t("Exchanging…") : t("Confirm exchange");
  }
  if (quote.shown) {
    return t("Get a fresh quote");
  }
  if (quote.createQuote.isPending) {
    return t("Getting quote…");
  }
  return t("Get quote");
}

/** FROM and TO: choosing FROM moves TO off it, and either change drops the quote. */
function CurrencyPair(props: {
  form: UseFormReturn<ExchangeFormInput, unknown, ExchangeQuoteRequest>;
  from: CurrencyCode;
  onChange: () => void;
}) {
  const { form } = props;
  return (
    <div className="grid grid-cols-[1fr_auto_1fr] items-end gap-2">
      <Field id="exchange-from" label={t("From")}>
        <NativeSelect
          id="exchange-from"
          {...form.register("from", {
            onChange: (event: React.ChangeEvent<HTMLSelectElement>) => {
              if (event.target.value === form.getValues("to")) {
                form.setValue("to", event.target.value === "USD" ? "EUR" : "USD");
              }
              props.onChange();
              void form.trigger();
            },
          })}
        >
          {CURRENCY_CODES.map((code) => (
            <option key={code}>{code}</option>
          ))}
        </NativeSelect>
      </Field>
      <ArrowRightIcon aria-hidden="true" className="mb-3 size-4 text-muted-foreground" />
      <Field id="exchange-to" label={t("To")} error={translatedError(form.formState.errors.to?.message)}>
        {/* Controlled: its options change with FROM, and the value must be set after they have. */}
        <Controller
          control={form.control}
          name="to"
          render={({ field }) => (
            <NativeSelect
              id="exchange-to"
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => {
                field.onChange(event);
                props.onChange();
              }}
            >
              {CURRENCY_CODES.filter((code) => code !== props.from).map((code) => (
                <option key={code}>{code}</option>
              ))}
            </NativeSelect>
          )}
        />
      </Field>
    </div>
  );
}

function ExchangeForm(props: { balances: readonly Balance[]; onDone: () => void; onClose: () => void }) {
  const initialFrom = defaultFromOf(props.balances);
  const form = useForm<ExchangeFormInput, unknown, ExchangeQuoteRequest>({
    resolver: zodResolver(ExchangeQuoteRequest),
    mode: "onChange",
    defaultValues: { from: initialFrom, to: initialFrom === "EUR" ? "USD" : "EUR", amount: "" },
  });
  const values = useWatch({ control: form.control }) as ExchangeFormInput;
  const from = values.from as CurrencyCode;
  const quote = useExchangeQuote(props.onDone);
  const { shown, secondsLeft } = quote;
  const available = props.balances.find((balance) => balance.currency === from)?.available ?? "0";

  const submit = form.handleSubmit((request) => {
    if (shown && secondsLeft > 0) {
      quote.confirm(shown);
    } else {
      quote.requestQuote(request, shown ? FRESH_QUOTE_MESSAGE : null);
    }
  });

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <CurrencyPair form={form} from={from} onChange={quote.forgetQuote} />
      <AmountField
        id="exchange-amount"
        hint={t("Available: {amount}", {
          amount: formatMoney({ currency: from, amountMinor: minorOf(available, from) }),
        })}
        error={translatedError(form.formState.errors.amount?.message ?? quote.quoteRefusal)}
        registration={form.register("amount", { onChange: quote.forgetQuote })}
      />
      {shown ? <QuoteFigures shown={shown} secondsLeft={secondsLeft} /> : null}
      {quote.refusal ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {translateText(quote.refusal)}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={props.onClose} disabled={quote.execute.isPending}>
          {t("Cancel")}
        </Button>
        <Button type="submit" disabled={quote.createQuote.isPending || quote.execute.isPending}>
          {shown && secondsLeft === 0 ? <RefreshCwIcon aria-hidden="true" /> : null}
          {submitLabelOf(quote)}
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * Exchange between the user's own balances: from, to and an amount (the fee included); "Get quote"
 * locks the rate and fee for 30 seconds, and "Confirm exchange" moves exactly those figures. An expired
 * quote is said to be expired and replaced by a fresh one only when asked, or when the server refused
 * the old one — never re-priced without the person seeing the new figures.
 */
export function ExchangeDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const balances = useQuery({ ...balancesQueryOptions, enabled: props.open });
  // Balances that could not be read are never shown as none (issue 30): the dialog says so, with Retry.
  const balanceList = balances.data?.balances ?? null;
  const close = () => props.onOpenChange(false);
  return (
    <DialogFrame
      open={props.open}
      onClose={close}
      title={t("Exchange")}
      description={t("Convert between your balances. A quote holds its rate and fee for 30 seconds.")}
      className="max-h-[92vh] max-w-lg overflow-y-auto"
    >
      {balanceList ? <ExchangeForm balances={balanceList} onDone={close} onClose={close} /> : null}
      {!balanceList && balances.isError ? (
        <LoadFailed message={t("Your balances could not be loaded right now.")} query={balances} />
      ) : null}
      {!balanceList && !balances.isError ? <Skeleton className="h-56" /> : null}
    </DialogFrame>
  );
}
