import { OneTimeCode } from "@ferry/core/contracts/auth";
import type { Balance } from "@ferry/core/contracts/balances";
import { maskAccountNumber, shortenAddress } from "@ferry/core/contracts/payment-methods";
import { AmountText, type TransferDetails } from "@ferry/core/contracts/transfers";
import { CURRENCIES, type CurrencyCode } from "@ferry/core/currencies";
import { formatAmount, parseAmount } from "@ferry/core/money";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeftIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { CodeInput } from "../../components/code-input.tsx";
import { Button } from "../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { ApiError } from "../../lib/api.ts";
import { paymentMethodsQueryOptions } from "../../lib/queries/payment-methods.ts";
import { useCashoutQuote, useConfirmCashout, useSendCashoutCode } from "./api/cashout.ts";

function isAmountValid(amount: string, currency: CurrencyCode): boolean {
  if (!AmountText.safeParse(amount).success) {
    return false;
  }
  const parsed = parseAmount(amount.trim(), currency);
  return parsed.ok && parsed.amountMinor > 0n;
}

/**
 * Cashout: a currency the user holds, one of their payment methods in that currency, and an amount
 * up to the available balance (fee shown first); then the transfer-bound e-mailed code.
 */
export function CashoutDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  balances: readonly Balance[];
}) {
  const held = props.balances.filter((balance) => minorOf(balance.available, balance.currency) > 0n);
  const [currency, setCurrency] = useState<CurrencyCode>((held[0]?.currency as CurrencyCode) ?? "USD");
  const [paymentMethodId, setPaymentMethodId] = useState("");
  const [amount, setAmount] = useState("");
  const [step, setStep] = useState<"details" | "verify">("details");
  const [code, setCode] = useState("");
  const [idempotencyKey, setIdempotencyKey] = useState("");
  const methods = useQuery({ ...paymentMethodsQueryOptions, enabled: props.open });
  const sendCode = useSendCashoutCode();
  const confirm = useConfirmCashout();

  const methodsInCurrency = (methods.data?.paymentMethods ?? []).filter((method) => method.currency === currency);
  const selectedMethodId = methodsInCurrency.some((method) => method.id === paymentMethodId)
    ? paymentMethodId
    : (methodsInCurrency[0]?.id ?? "");
  const isValidAmount = isAmountValid(amount, currency);
  const details: TransferDetails | null =
    selectedMethodId && isValidAmount
      ? { target: { method: "withdrawal", paymentMethodId: selectedMethodId }, amount: amount.trim(), currency }
      : null;
  const quote = useCashoutQuote(details);
  const available = props.balances.find((balance) => balance.currency === currency)?.available ?? "0";
  const isAffordable = quote.data
    ? minorOf(quote.data.total, currency) <= minorOf(quote.data.available, currency)
    : false;

  function reset() {
    setStep("details");
    setCode("");
    setAmount("");
    setIdempotencyKey("");
  }

  function close(open: boolean) {
    if (!open) {
      reset();
    }
    props.onOpenChange(open);
  }

  function goToVerify() {
    if (!details) {
      return;
    }
    setIdempotencyKey(crypto.randomUUID());
    setStep("verify");
  }

  function requestCode() {
    if (!details) {
      return;
    }
    sendCode.mutate(details, {
      onSuccess: () => toast.success("Verification code sent to your email"),
      onError: (error) =>
        toast.error("Failed to send verification code", {
          description: error instanceof ApiError ? error.message : undefined,
        }),
    });
  }

  function submit() {
    if (!details || !OneTimeCode.safeParse(code).success) {
      toast.error("Please enter the verification code");
      return;
    }
    confirm.mutate(
      { details, code, idempotencyKey },
      {
        onSuccess: () => {
          toast.success("Withdrawal requested", { description: "It is pending until our team sends it." });
          close(false);
        },
        onError: (error) => {
          const title =
            error instanceof ApiError && error.code === "invalid_code"
              ? "Invalid verification code"
              : error instanceof ApiError && error.code === "insufficient_funds"
                ? "Insufficient balance"
                : "Failed to send money";
          toast.error(title, { description: error instanceof ApiError ? error.message : undefined });
        },
      },
    );
  }

  return (
    <Dialog open={props.open} onOpenChange={close}>
      <DialogContent className="max-h-[92vh] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Cashout</DialogTitle>
          <DialogDescription>Send money from your Ferry balance to your own bank account or wallet.</DialogDescription>
        </DialogHeader>
        {step === "details" ? (
          <div className="grid gap-4">
            <div className="grid grid-cols-[8rem_1fr] gap-3">
              <Field id="cashout-currency" label="Currency">
                <NativeSelect
                  id="cashout-currency"
                  value={currency}
                  onChange={(event) => setCurrency(event.target.value as CurrencyCode)}
                >
                  {(held.length > 0 ? held : props.balances.slice(0, 1)).map((balance) => (
                    <option key={balance.currency}>{balance.currency}</option>
                  ))}
                </NativeSelect>
              </Field>
              <Field id="cashout-method" label="Payment method">
                {methodsInCurrency.length > 0 ? (
                  <NativeSelect
                    id="cashout-method"
                    value={selectedMethodId}
                    onChange={(event) => setPaymentMethodId(event.target.value)}
                  >
                    {methodsInCurrency.map((method) => (
                      <option key={method.id} value={method.id}>
                        {method.name} ·{" "}
                        {method.addressType === "bank"
                          ? maskAccountNumber(method.accountNumber ?? "")
                          : shortenAddress(method.cryptoAddress ?? "")}
                      </option>
                    ))}
                  </NativeSelect>
                ) : (
                  <p className="flex h-10 items-center text-sm text-muted-foreground">
                    No {currency} payment method.&nbsp;
                    <Link
                      to="/withdrawal-addresses"
                      className="font-medium text-primary hover:underline"
                      onClick={() => close(false)}
                    >
                      Add one
                    </Link>
                  </p>
                )}
              </Field>
            </div>
            <Field
              id="cashout-amount"
              label="Amount"
              hint={`Available: ${currency} ${formatAmount(minorOf(available, currency), currency)}`}
              error={
                amount !== "" && !isValidAmount
                  ? `Please enter a valid amount (at most ${CURRENCIES[currency].scale} decimals)`
                  : quote.error instanceof ApiError
                    ? quote.error.message
                    : undefined
              }
            >
              <Input
                id="cashout-amount"
                inputMode="decimal"
                placeholder="0.00"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
              />
            </Field>
            {quote.data ? (
              <dl className="grid grid-cols-2 gap-2 rounded-lg bg-muted p-4 text-sm">
                <dt className="text-muted-foreground">Amount</dt>
                <dd className="text-right tabular-nums">{quote.data.amount}</dd>
                <dt className="text-muted-foreground">Fee</dt>
                <dd className="text-right tabular-nums">{quote.data.fee}</dd>
                <dt className="font-semibold">Total</dt>
                <dd className="text-right font-semibold tabular-nums">
                  {currency} {quote.data.total}
                </dd>
              </dl>
            ) : null}
            {quote.data && !isAffordable ? (
              <p className="text-sm font-medium text-destructive">Insufficient balance</p>
            ) : null}
          </div>
        ) : (
          <div className="grid gap-4">
            <p className="rounded-lg bg-muted p-4 text-sm">
              Cash out{" "}
              <strong>
                {currency} {quote.data?.amount}
              </strong>{" "}
              (fee {quote.data?.fee}, total {quote.data?.total}) to <strong>{quote.data?.recipientName}</strong>. We'll
              e-mail a code that works only for this cash-out.
            </p>
            <Button type="button" variant="secondary" onClick={requestCode} disabled={sendCode.isPending}>
              {sendCode.isSuccess ? "Send a new code" : "Send code"}
            </Button>
            <CodeInput id="cashout-code" value={code} onChange={setCode} />
          </div>
        )}
        <DialogFooter>
          {step === "verify" ? (
            <>
              <Button variant="outline" onClick={() => setStep("details")} disabled={confirm.isPending}>
                <ArrowLeftIcon /> Back
              </Button>
              <Button onClick={submit} disabled={!OneTimeCode.safeParse(code).success || confirm.isPending}>
                {confirm.isPending ? "Confirming…" : "Confirm Cashout"}
              </Button>
            </>
          ) : (
            <>
              <Button variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button onClick={goToVerify} disabled={!details || !quote.data || !isAffordable}>
                Continue
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Minor units of a decimal string from the API; 0 for anything unreadable. */
function minorOf(text: string, currency: CurrencyCode): bigint {
  const parsed = parseAmount(text, currency);
  return parsed.ok ? parsed.amountMinor : 0n;
}
