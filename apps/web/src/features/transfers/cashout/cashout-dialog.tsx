import type { Balance } from "@ferry/core/contracts/balances";
import { maskAccountNumber, type PaymentMethod, shortenAddress } from "@ferry/core/contracts/payment-methods";
import type { TransferDetails, TransferQuote } from "@ferry/core/contracts/transfers";
import type { CurrencyCode } from "@ferry/core/currencies";
import { minorOf } from "@ferry/core/money";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeftIcon } from "lucide-react";
import { useState } from "react";
import { Controller, type UseFormReturn, useForm, useWatch } from "react-hook-form";
import { Link } from "react-router";
import type { z } from "zod";
import { AmountField } from "../../../components/amount-field.tsx";
import { CodeInput } from "../../../components/code-input.tsx";
import { DialogFrame } from "../../../components/dialog-frame.tsx";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { DialogFooter } from "../../../components/ui/dialog.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { formatAmount, formatMoney } from "../../../i18n/format.ts";
import { t } from "../../../i18n/i18n.tsx";
import { ApiError } from "../../../lib/api-error.ts";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";
import { balancesQueryOptions } from "../../../lib/queries/balances.ts";
import { paymentMethodsQueryOptions } from "../../../lib/queries/payment-methods.ts";
import { toastError, useErrorToast } from "../../../lib/toasts.ts";
import { useConfirmsWithApp } from "../api/authenticator-status.ts";
import { useCreateTransfer } from "../api/create-transfer.ts";
import { useTransferQuote } from "../api/get-transfer-quote.ts";
import { useRequestTransferCode } from "../api/request-transfer-code.ts";
import { DestinationDetails } from "../components/destination-details.tsx";
import { CashoutForm, TransferCodeForm } from "../transfer-forms.ts";

type CashoutFormInput = z.input<typeof CashoutForm>;

/** What the details step settled on: the details, the server's figures for them, and one key for this cash-out. */
interface ChosenCashout {
  readonly values: CashoutFormInput;
  readonly details: TransferDetails;
  readonly quote: TransferQuote;
  readonly idempotencyKey: string;
}

function methodLabel(method: PaymentMethod): string {
  const account =
    method.addressType === "bank"
      ? maskAccountNumber(method.accountNumber ?? "")
      : shortenAddress(method.cryptoAddress ?? "");
  // A method saved under older rules cannot be paid until edited: its option says so and is disabled.
  const review = method.needsReview ? ` · ${t("Check these details")}` : "";
  return `${method.name} · ${account}${review}`;
}

/** The currencies to cash out: those the user holds; with none, the first one so the form is not empty. */
function currenciesOf(balances: readonly Balance[]): CurrencyCode[] {
  const held = balances.filter((balance) => minorOf(balance.available, balance.currency) > 0n);
  const shown = held.length > 0 ? held : balances.slice(0, 1);
  return shown.length > 0 ? shown.map((balance) => balance.currency) : ["USD"];
}

/** A decimal amount of the server's, as the reader's locale writes it: "1.234,50" in German. */
function formatDecimal(decimal: string, currency: CurrencyCode): string {
  return formatAmount(minorOf(decimal, currency), currency);
}

/** A decimal amount with its currency code where the reader's locale puts it: "1.234,50 EUR". */
function moneyOf(decimal: string, currency: CurrencyCode): string {
  return formatMoney({ currency, amountMinor: minorOf(decimal, currency) });
}

type CashoutFormApi = UseFormReturn<CashoutFormInput, unknown, TransferDetails>;

/** The currency and, beside it, the payment methods in that currency (or a link to add one). */
function CurrencyAndMethod(props: {
  form: CashoutFormApi;
  currencies: readonly CurrencyCode[];
  currency: CurrencyCode;
  methods: readonly PaymentMethod[];
  firstMethodIn: (currency: string) => string;
  onClose: () => void;
}) {
  const { form, currency } = props;
  const methodsInCurrency = props.methods.filter((method) => method.currency === currency);
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-3">
      <Field id="cashout-currency" label={t("Currency")}>
        <NativeSelect
          id="cashout-currency"
          {...form.register("currency", {
            // Each payment method takes one currency: a new currency starts on its first method.
            onChange: (event: React.ChangeEvent<HTMLSelectElement>) =>
              form.setValue("target.paymentMethodId", props.firstMethodIn(event.target.value), {
                shouldValidate: true,
              }),
          })}
        >
          {props.currencies.map((code) => (
            <option key={code}>{code}</option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="cashout-method" label={t("Payment method")}>
        {methodsInCurrency.length > 0 ? (
          <NativeSelect id="cashout-method" {...form.register("target.paymentMethodId")}>
            {methodsInCurrency.map((method) => (
              <option key={method.id} value={method.id} disabled={method.needsReview}>
                {methodLabel(method)}
              </option>
            ))}
          </NativeSelect>
        ) : (
          <p className="flex h-10 items-center text-sm text-muted-foreground">
            {t("No {currency} payment method.", { currency })}&nbsp;
            <Link
              to="/withdrawal-addresses"
              className="font-medium text-primary hover:underline"
              onClick={props.onClose}
            >
              {t("Add one")}
            </Link>
          </p>
        )}
      </Field>
    </div>
  );
}

/** The server's figures for the cash-out (dimmed while they catch up), and whether the balance covers them. */
function CashoutFigures(props: {
  quote: TransferQuote;
  currency: CurrencyCode;
  isCurrent: boolean;
  isAffordable: boolean;
}) {
  const { quote, currency } = props;
  return (
    <>
      <dl className="grid grid-cols-2 gap-2 rounded-lg bg-muted p-4 text-sm" aria-busy={!props.isCurrent}>
        <dt className="text-muted-foreground">{t("Amount")}</dt>
        <dd className="text-right tabular-nums">{formatDecimal(quote.amount, currency)}</dd>
        <dt className="text-muted-foreground">{t("Fee")}</dt>
        <dd className="text-right tabular-nums">{formatDecimal(quote.fee, currency)}</dd>
        <dt className="font-semibold">{t("Total")}</dt>
        <dd className="text-right font-semibold tabular-nums">{moneyOf(quote.total, currency)}</dd>
      </dl>
      {props.isCurrent && !props.isAffordable ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {t("Insufficient balance")}
        </p>
      ) : null}
    </>
  );
}

function CashoutDetailsStep(props: {
  balances: readonly Balance[];
  methods: readonly PaymentMethod[];
  initial: CashoutFormInput | null;
  onContinue: (chosen: Omit<ChosenCashout, "idempotencyKey">) => void;
  onClose: () => void;
}) {
  const currencies = currenciesOf(props.balances);
  const firstMethodIn = (currency: string) =>
    props.methods.find((method) => method.currency === currency && !method.needsReview)?.id ?? "";
  const [initialCurrency] = currencies;
  const form = useForm<CashoutFormInput, unknown, TransferDetails>({
    resolver: zodResolver(CashoutForm),
    mode: "onChange",
    defaultValues: props.initial ?? {
      currency: initialCurrency,
      amount: "",
      target: { method: "withdrawal", paymentMethodId: firstMethodIn(initialCurrency) },
    },
  });
  const values = useWatch({ control: form.control }) as CashoutFormInput;
  const currency = values.currency as CurrencyCode;
  // The quote is asked for exactly what the form would send, and only once the form accepts it.
  const parsed = CashoutForm.safeParse(values);
  const details = parsed.success ? parsed.data : null;
  const quote = useTransferQuote(details);
  const isQuoteCurrent = details !== null && quote.isSuccess && !quote.isPlaceholderData;
  const isAffordable = isQuoteCurrent && minorOf(quote.data.total, currency) <= minorOf(quote.data.available, currency);
  const available = props.balances.find((balance) => balance.currency === currency)?.available ?? "0";
  const amountError =
    form.formState.errors.amount?.message ?? (quote.error instanceof ApiError ? quote.error.message : undefined);

  function submit(submitted: TransferDetails) {
    if (isQuoteCurrent && isAffordable) {
      props.onContinue({ values, details: submitted, quote: quote.data });
    }
  }

  return (
    <form className="grid gap-4" onSubmit={form.handleSubmit(submit)} noValidate>
      <CurrencyAndMethod
        form={form}
        currencies={currencies}
        currency={currency}
        methods={props.methods}
        firstMethodIn={firstMethodIn}
        onClose={props.onClose}
      />
      <AmountField
        id="cashout-amount"
        hint={t("Available: {amount}", {
          amount: formatMoney({ currency, amountMinor: minorOf(available, currency) }),
        })}
        error={amountError}
        registration={form.register("amount")}
      />
      {quote.data && details ? (
        <CashoutFigures quote={quote.data} currency={currency} isCurrent={isQuoteCurrent} isAffordable={isAffordable} />
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={props.onClose}>
          {t("Cancel")}
        </Button>
        <Button type="submit" disabled={!isQuoteCurrent || !isAffordable}>
          {t("Continue")}
        </Button>
      </DialogFooter>
    </form>
  );
}

function CashoutVerificationStep(props: { chosen: ChosenCashout; onBack: () => void; onDone: () => void }) {
  const { details, quote, idempotencyKey } = props.chosen;
  const form = useForm<z.input<typeof TransferCodeForm>, unknown, TransferCodeForm>({
    resolver: zodResolver(TransferCodeForm),
    defaultValues: { code: "" },
  });
  const code = useWatch({ control: form.control, name: "code" });
  const isCodeValid = TransferCodeForm.safeParse({ code }).success;
  const requestCode = useRequestTransferCode();
  const createTransfer = useCreateTransfer();
  const confirmsWithApp = useConfirmsWithApp();

  const confirm = form.handleSubmit(
    (values) =>
      createTransfer.mutate(
        { idempotencyKey, request: { ...details, code: values.code } },
        { onSuccess: props.onDone },
      ),
    () => toastError(t("Please enter the verification code")),
  );

  return (
    <form className="grid gap-4" onSubmit={confirm} noValidate>
      <p className="rounded-lg bg-muted p-4 text-sm">
        {t("Cash out {amount} (fee {fee}, total {total}) to {name}.", {
          amount: moneyOf(quote.amount, details.currency),
          fee: formatDecimal(quote.fee, details.currency),
          total: formatDecimal(quote.total, details.currency),
          name: quote.recipientName,
        })}{" "}
        {confirmsWithApp
          ? t("Enter the 6-digit code from your authenticator app to confirm exactly this cash-out.")
          : t("We'll e-mail a code that works only for this cash-out.")}
      </p>
      <DestinationDetails destination={quote.destination} nameLabel={t("Payment method")} />
      {confirmsWithApp ? null : (
        <Button
          type="button"
          variant="secondary"
          onClick={() => requestCode.mutate(details)}
          disabled={requestCode.isPending}
        >
          {requestCode.isSuccess ? t("Send a new code") : t("Send code")}
        </Button>
      )}
      <Controller
        control={form.control}
        name="code"
        render={({ field }) => <CodeInput id="cashout-code" value={field.value} onChange={field.onChange} />}
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={props.onBack} disabled={createTransfer.isPending}>
          <ArrowLeftIcon /> {t("Back")}
        </Button>
        <Button type="submit" disabled={!isCodeValid || createTransfer.isPending}>
          {createTransfer.isPending ? t("Confirming…") : t("Confirm Cashout")}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The two steps; everything lives in here, so closing the dialog forgets it all. */
function CashoutSteps(props: { balances: readonly Balance[]; methods: readonly PaymentMethod[]; onClose: () => void }) {
  const [chosen, setChosen] = useState<ChosenCashout | null>(null);
  const [isVerifying, setIsVerifying] = useState(false);
  if (chosen && isVerifying) {
    return <CashoutVerificationStep chosen={chosen} onBack={() => setIsVerifying(false)} onDone={props.onClose} />;
  }
  return (
    <CashoutDetailsStep
      balances={props.balances}
      methods={props.methods}
      initial={chosen?.values ?? null}
      onContinue={(next) => {
        // One key per intended cash-out: retries and double clicks of Confirm reuse it.
        setChosen({ ...next, idempotencyKey: newIdempotencyKey() });
        setIsVerifying(true);
      }}
      onClose={props.onClose}
    />
  );
}

/**
 * Cashout: a currency the user holds, one of their payment methods in that currency, and an amount
 * up to the available balance (fee shown first); then the transfer-bound e-mailed code. It sends
 * through the same transfer API as Send Money.
 */
export function CashoutDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const balances = useQuery(balancesQueryOptions);
  const methods = useQuery({ ...paymentMethodsQueryOptions, enabled: props.open });
  useErrorToast(methods.error, t("Failed to load withdrawal addresses"));
  // A list that could not be read is never shown as empty (issue 30): the dialog says so, with Retry,
  // beside the spec's toast.
  const balanceList = balances.data?.balances ?? null;
  const methodList = methods.data?.items ?? null;
  const failed = [
    !balanceList && balances.isError
      ? { query: balances, message: t("Your balances could not be loaded right now.") }
      : null,
    !methodList && methods.isError
      ? { query: methods, message: t("Your saved payment methods could not be loaded right now.") }
      : null,
  ].find((entry) => entry !== null);
  return (
    <DialogFrame
      open={props.open}
      onClose={() => props.onOpenChange(false)}
      title={t("Cashout")}
      description={t("Send money from your Ferry balance to your own bank account or wallet.")}
      className="max-h-[92vh] max-w-lg overflow-y-auto"
    >
      {balanceList && methodList ? (
        <CashoutSteps balances={balanceList} methods={methodList} onClose={() => props.onOpenChange(false)} />
      ) : null}
      {failed ? <LoadFailed message={failed.message} query={failed.query} /> : null}
      {(!balanceList || !methodList) && !failed ? <Skeleton className="h-56" /> : null}
    </DialogFrame>
  );
}
