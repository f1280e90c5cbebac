import type { TransferQuote } from "@ferry/core/contracts/transfers";
import { CURRENCIES, type CurrencyCode } from "@ferry/core/currencies";
import { formatMoney, parseAmount, toDecimalString } from "@ferry/core/money";
import { useQuery } from "@tanstack/react-query";
import { ArrowRightIcon, CircleAlertIcon, Loader2Icon } from "lucide-react";
import { useMemo, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { minorOf } from "../../../lib/amounts.ts";
import { messageOf } from "../../../lib/api.ts";
import { balancesQueryOptions } from "../../../lib/queries/balances.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { useTransferQuote } from "../api/get-transfer-quote.ts";
import { type ChosenAmount, type ChosenRecipient, detailsOf } from "../send-money-flow.ts";
import { StepFooter } from "./step-footer.tsx";

/** Typing pauses this long before the amount is priced. */
const QUOTE_DEBOUNCE_MS = 400;
const MEMO_MAX_LENGTH = 140;
const INVALID_AMOUNT = "Please enter a valid amount";

type AmountCheck = { ok: true; amount: string } | { ok: false; message: string };

/** Spec §5: an amount greater than zero, with no more decimals than the currency has. */
function checkAmount(text: string, currency: CurrencyCode): AmountCheck {
  const trimmed = text.trim();
  if (!/^\d{1,30}(\.\d{1,18})?$/.test(trimmed)) {
    return { ok: false, message: INVALID_AMOUNT };
  }
  const parsed = parseAmount(trimmed, currency);
  if (!parsed.ok) {
    const { scale } = CURRENCIES[currency];
    return { ok: false, message: `${currency} amounts have at most ${scale} decimals` };
  }
  if (parsed.amountMinor <= 0n) {
    return { ok: false, message: INVALID_AMOUNT };
  }
  return { ok: true, amount: toDecimalString(parsed.amountMinor, currency) };
}

function QuoteSummary(props: { quote: TransferQuote; isUpdating: boolean }) {
  const { quote } = props;
  const money = (decimal: string) =>
    formatMoney({ currency: quote.currency, amountMinor: minorOf(decimal, quote.currency) });
  return (
    <dl
      className="grid gap-2 rounded-lg border border-border bg-muted/50 p-4 text-sm"
      aria-busy={props.isUpdating}
      aria-label="Quote"
    >
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">Amount</dt>
        <dd className="tabular-nums">{money(quote.amount)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">Fee ({quote.feeBasisPoints / 100}%)</dt>
        <dd className="tabular-nums" data-testid="quote-fee">
          {money(quote.fee)}
        </dd>
      </div>
      <div className="flex justify-between gap-4 border-t border-border pt-2 font-semibold">
        <dt>Total</dt>
        <dd className="tabular-nums" data-testid="quote-total">
          {money(quote.total)}
        </dd>
      </div>
    </dl>
  );
}

/**
 * Step 4, amount-currency: the currency (a saved recipient's own, or any the sender holds for a
 * Ferry user), the amount, an optional memo, and — once the amount is valid — the server's fee and
 * total. Continue waits for the quote of exactly what is typed, and refuses more than is available.
 */
export function AmountStep(props: {
  recipient: ChosenRecipient;
  initial: ChosenAmount | null;
  onContinue: (payment: ChosenAmount) => void;
  onBack: () => void;
}) {
  const { recipient } = props;
  const balances = useQuery(balancesQueryOptions);
  const currencies: CurrencyCode[] = recipient.currency
    ? [recipient.currency]
    : (balances.data?.balances ?? [])
        .filter((entry) => minorOf(entry.available, entry.currency) > 0n)
        .map((entry) => entry.currency);
  const [chosenCurrency, setChosenCurrency] = useState<CurrencyCode | null>(props.initial?.currency ?? null);
  const currency = chosenCurrency && currencies.includes(chosenCurrency) ? chosenCurrency : (currencies[0] ?? null);
  const [amountText, setAmountText] = useState(props.initial?.amount ?? "");
  const [memo, setMemo] = useState(props.initial?.memo ?? "");
  const [isAmountTouched, setIsAmountTouched] = useState(props.initial !== null);

  const check = currency ? checkAmount(amountText, currency) : null;
  const validAmount = check?.ok ? check.amount : null;
  // One object per (recipient, amount, currency), so the debounce and the query key see a stable value.
  const details = useMemo(
    () => (validAmount && currency ? detailsOf(recipient, validAmount, currency) : null),
    [recipient, validAmount, currency],
  );
  const debouncedDetails = useDebouncedValue(details, QUOTE_DEBOUNCE_MS);
  const quote = useTransferQuote(debouncedDetails);
  const isQuoteCurrent =
    details !== null && debouncedDetails === details && quote.isSuccess && !quote.isPlaceholderData;
  const isInsufficient =
    isQuoteCurrent &&
    minorOf(quote.data.total, quote.data.currency) > minorOf(quote.data.available, quote.data.currency);
  const canContinue = isQuoteCurrent && !isInsufficient;

  const available = currency ? balances.data?.balances.find((entry) => entry.currency === currency) : undefined;
  // A half-typed amount ("12.") is not an error yet: it is judged once typing pauses, or on leaving the field.
  const settledAmountText = useDebouncedValue(amountText, QUOTE_DEBOUNCE_MS);
  const isAmountSettled = isAmountTouched || (amountText.trim() !== "" && settledAmountText === amountText);
  const amountError = isAmountSettled && check && !check.ok ? check.message : undefined;
  const quoteError = details && debouncedDetails === details && quote.isError ? quote.error : null;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setIsAmountTouched(true);
    if (canContinue && currency && details) {
      props.onContinue({ amount: details.amount, currency, memo: memo.trim(), quote: quote.data });
    }
  }

  if (!recipient.currency && balances.isSuccess && currencies.length === 0) {
    return (
      <>
        <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
          You have no money to send yet. Add cash to your account first.
        </p>
        <StepFooter onBack={props.onBack} />
      </>
    );
  }

  return (
    <form className="grid grid-cols-1 gap-4" onSubmit={submit} noValidate>
      <div className="flex items-center gap-3 rounded-lg bg-muted/60 p-3 text-sm">
        <span className="text-muted-foreground">To</span>
        <span className="min-w-0 flex-1 truncate font-medium">
          {recipient.name}
          {recipient.name !== recipient.email ? (
            <span className="font-normal text-muted-foreground"> · {recipient.email}</span>
          ) : null}
        </span>
      </div>
      <div className="grid grid-cols-[7rem_1fr] gap-3">
        <Field id="send-currency" label="Currency">
          <NativeSelect
            id="send-currency"
            value={currency ?? ""}
            disabled={currencies.length <= 1}
            onChange={(event) => setChosenCurrency(event.target.value as CurrencyCode)}
          >
            {currencies.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="send-amount" label="Amount" error={amountError}>
          <Input
            id="send-amount"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={amountText}
            autoFocus
            className="text-right text-lg font-semibold tabular-nums"
            aria-invalid={amountError ? true : undefined}
            aria-describedby={amountError ? "send-amount-error" : "send-available"}
            onChange={(event) => setAmountText(event.target.value.replace(",", "."))}
            onBlur={() => setIsAmountTouched(amountText.trim() !== "")}
          />
        </Field>
      </div>
      <p id="send-available" className="-mt-2 text-right text-xs text-muted-foreground">
        Available:{" "}
        {available && currency ? (
          <span className="font-medium text-foreground tabular-nums" data-testid="send-available">
            {formatMoney({ currency, amountMinor: minorOf(available.available, currency) })}
          </span>
        ) : (
          <span className="inline-block h-3 w-20 animate-pulse rounded bg-muted align-middle" />
        )}
      </p>
      <Field id="send-memo" label="Memo (optional)">
        <Input
          id="send-memo"
          value={memo}
          maxLength={MEMO_MAX_LENGTH}
          placeholder="What is it for?"
          onChange={(event) => setMemo(event.target.value)}
        />
      </Field>
      {quote.data && details ? <QuoteSummary quote={quote.data} isUpdating={!isQuoteCurrent && !quoteError} /> : null}
      {details && !quote.data && !quoteError ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2Icon className="size-4 animate-spin" /> Calculating fee…
        </p>
      ) : null}
      {isInsufficient ? (
        <p role="alert" className="flex items-center gap-2 text-sm font-medium text-destructive">
          <CircleAlertIcon className="size-4" /> Insufficient balance
        </p>
      ) : null}
      {quoteError ? (
        <p role="alert" className="flex items-center gap-2 text-sm font-medium text-destructive">
          <CircleAlertIcon className="size-4 shrink-0" /> {messageOf(quoteError, "This transfer could not be priced")}
        </p>
      ) : null}
      <StepFooter onBack={props.onBack}>
        <Button type="submit" disabled={!canContinue}>
          Continue <ArrowRightIcon />
        </Button>
      </StepFooter>
    </form>
  );
}
