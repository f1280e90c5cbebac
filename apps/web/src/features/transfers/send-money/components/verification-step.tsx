import type { Transfer } from "@ferry/core/contracts/transfers";
import { minorOf } from "@ferry/core/money";
import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2Icon, CircleAlertIcon, Loader2Icon, MailIcon, SendIcon, SmartphoneIcon } from "lucide-react";
import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { CodeInput } from "../../../../components/code-input.tsx";
import { Button } from "../../../../components/ui/button.tsx";
import { formatMoney } from "../../../../i18n/format.ts";
import { t } from "../../../../i18n/i18n.tsx";
import { useSecondsLeft } from "../../../../lib/use-seconds-left.ts";
import { useConfirmsWithApp } from "../../api/authenticator-status.ts";
import { useCreateTransfer } from "../../api/create-transfer.ts";
import { useRequestTransferCode } from "../../api/request-transfer-code.ts";
import { DestinationDetails } from "../../components/destination-details.tsx";
import { ExchangeFigures } from "../../components/exchange-figures.tsx";
import { TransferCodeForm } from "../../transfer-forms.ts";
import { type ChosenAmount, type ChosenRecipient, detailsOf } from "../send-money-flow.ts";
import { StepFooter } from "./step-footer.tsx";

/** Who receives the money, the first row of the summary. */
function RecipientRow(props: { recipient: ChosenRecipient; recipientName: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-muted-foreground">{t("Recipient")}</dt>
      <dd className="min-w-0 text-right">
        <span className="block truncate font-medium">{props.recipientName || props.recipient.name}</span>
        <span className="block truncate text-xs text-muted-foreground">{props.recipient.email}</span>
        {props.recipient.detail ? (
          <span className="block truncate font-mono text-xs text-muted-foreground">{props.recipient.detail}</span>
        ) : null}
      </dd>
    </div>
  );
}

function Summary(props: { recipient: ChosenRecipient; payment: ChosenAmount; secondsLeft: number }) {
  const { quote } = props.payment;
  if (quote.exchange) {
    return (
      <ExchangeFigures quote={quote} exchange={quote.exchange} secondsLeft={props.secondsLeft} label={t("Quote")}>
        <RecipientRow recipient={props.recipient} recipientName={quote.recipientName} />
      </ExchangeFigures>
    );
  }
  const money = (decimal: string) =>
    formatMoney({ currency: quote.currency, amountMinor: minorOf(decimal, quote.currency) });
  return (
    <dl className="grid gap-2 rounded-lg border border-border bg-muted/50 p-4 text-sm">
      <RecipientRow recipient={props.recipient} recipientName={quote.recipientName} />
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">{t("Amount")}</dt>
        <dd className="tabular-nums">{money(quote.amount)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">{t("Fee")}</dt>
        <dd className="tabular-nums">{money(quote.fee)}</dd>
      </div>
      {props.payment.memo ? (
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{t("Memo")}</dt>
          <dd className="min-w-0 truncate">{props.payment.memo}</dd>
        </div>
      ) : null}
      <div className="flex items-baseline justify-between gap-4 border-t border-border pt-2">
        <dt className="font-semibold">{t("Total")}</dt>
        <dd className="text-base font-bold tabular-nums" data-testid="summary-total">
          {money(quote.total)}
        </dd>
      </div>
    </dl>
  );
}

/** What the code is for, before it is sent and after. */
function CodeNote({ isCodeSent }: { isCodeSent: boolean }) {
  return (
    <div className="flex items-start gap-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
        {isCodeSent ? <CheckCircle2Icon className="size-4" /> : <MailIcon className="size-4" />}
      </span>
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium">{isCodeSent ? t("Check your email") : t("Verify it's you")}</p>
        <p className="text-muted-foreground">
          {isCodeSent
            ? t("Enter the 6-digit code we e-mailed you. It works for this transfer only and expires in 15 minutes.")
            : t("We'll e-mail you a code that works for this exact transfer only.")}
        </p>
      </div>
    </div>
  );
}

/** For an account with an authenticator app: its code confirms the details shown above; nothing is e-mailed. */
function AppCodeNote() {
  return (
    <div className="flex items-start gap-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
        <SmartphoneIcon className="size-4" />
      </span>
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium">{t("Verify it's you")}</p>
        <p className="text-muted-foreground">
          {t("Enter the 6-digit code from your authenticator app to send exactly this amount to this recipient.")}
        </p>
      </div>
    </div>
  );
}

/**
 * Step 5, verification: the summary, a code e-mailed for exactly these details (or, for an account
 * with an authenticator app, its code, checked by the server with these details), and Confirm. The
 * Idempotency-Key was made when this step was reached, so a double click or a retry sends once.
 */
export function VerificationStep(props: {
  recipient: ChosenRecipient;
  payment: ChosenAmount;
  idempotencyKey: string;
  /** The transfer made, for the receipt. */
  onSent: (transfer: Transfer) => void;
  onBack: () => void;
}) {
  const { recipient, payment } = props;
  const details = detailsOf(recipient, payment.amount, payment.currency, payment.quote.exchange?.quoteId);
  const secondsLeft = useSecondsLeft(payment.expiresAtMs);
  // Paid from another balance, the code and the transfer hold only while the quote does.
  const isQuoteExpired = payment.expiresAtMs !== null && secondsLeft === 0;
  const form = useForm<z.input<typeof TransferCodeForm>, unknown, TransferCodeForm>({
    resolver: zodResolver(TransferCodeForm),
    defaultValues: { code: "" },
  });
  const code = useWatch({ control: form.control, name: "code" });
  const [isCodeSent, setIsCodeSent] = useState(false);
  const requestCode = useRequestTransferCode();
  const createTransfer = useCreateTransfer();
  const isCodeValid = TransferCodeForm.safeParse({ code }).success;
  const confirmsWithApp = useConfirmsWithApp();

  function sendCode() {
    requestCode.mutate(details, { onSuccess: () => setIsCodeSent(true) });
  }

  function confirm(values: TransferCodeForm) {
    if (createTransfer.isPending) {
      return;
    }
    createTransfer.mutate(
      {
        idempotencyKey: props.idempotencyKey,
        request: { ...details, memo: payment.memo || undefined, code: values.code },
      },
      { onSuccess: props.onSent },
    );
  }

  return (
    <form className="grid grid-cols-1 gap-4" onSubmit={form.handleSubmit(confirm)} noValidate>
      <Summary recipient={recipient} payment={payment} secondsLeft={secondsLeft} />
      {isQuoteExpired ? (
        <p role="alert" className="flex items-start gap-2 text-sm font-medium text-destructive">
          <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t("This quote expired. Go back to get a fresh quote; the code you were sent works only for the old one.")}
        </p>
      ) : null}
      <DestinationDetails destination={payment.quote.destination} nameLabel={t("Recipient")} />
      <div className="grid grid-cols-1 gap-3 rounded-lg border border-border p-4">
        {confirmsWithApp ? <AppCodeNote /> : <CodeNote isCodeSent={isCodeSent} />}
        {confirmsWithApp ? null : (
          <Button type="button" variant="outline" onClick={sendCode} disabled={requestCode.isPending || isQuoteExpired}>
            {requestCode.isPending ? <Loader2Icon className="animate-spin" /> : <SendIcon />}
            {isCodeSent ? t("Resend code") : t("Send code")}
          </Button>
        )}
        <Controller
          control={form.control}
          name="code"
          render={({ field }) => <CodeInput id="transfer-code" value={field.value} onChange={field.onChange} />}
        />
      </div>
      {/* Going back while the money is on its way could lead to sending it twice. */}
      <StepFooter onBack={props.onBack} isBackDisabled={createTransfer.isPending}>
        <Button type="submit" disabled={!isCodeValid || createTransfer.isPending || isQuoteExpired}>
          {createTransfer.isPending ? <Loader2Icon className="animate-spin" /> : null}
          {createTransfer.isPending ? t("Sending…") : t("Confirm")}
        </Button>
      </StepFooter>
    </form>
  );
}
