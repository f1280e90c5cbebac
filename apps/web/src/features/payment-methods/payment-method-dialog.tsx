import {
  BankPaymentMethodRequest,
  CASHOUT_BANK_CURRENCIES,
  CryptoPaymentMethodRequest,
  PAYMENT_METHOD_MESSAGES,
  type PaymentMethod,
  type PaymentMethodRequest,
  WITHDRAWAL_CURRENCIES_BY_NETWORK,
} from "@ferry/core/contracts/payment-methods";
import { CRYPTO_CURRENCIES } from "@ferry/core/currencies";
import { CRYPTO_NETWORKS, WITHDRAWAL_NETWORKS } from "@ferry/core/validation/networks";
import { zodResolver } from "@hookform/resolvers/zod";
import { LandmarkIcon, TriangleAlertIcon, WalletIcon } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { type FieldErrors, type FieldValues, type Path, type UseFormReturn, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import {
  bankDetailDefaultsOf,
  bankFieldsLayout,
  CountrySelect,
  isOneOf,
  withoutUnusedNationalFields,
} from "../../components/bank-fields.tsx";
import { DialogFrame } from "../../components/dialog-frame.tsx";
import { Button } from "../../components/ui/button.tsx";
import { DialogFooter } from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { t, translateText } from "../../i18n/i18n.tsx";
import { cn } from "../../lib/cn.ts";
import { showServerFieldErrors } from "../../lib/server-field-errors.ts";
import { toastError, toastFailure, toastSuccess } from "../../lib/toasts.ts";
import { useSavePaymentMethod } from "./api/payment-methods.ts";

type AddressType = PaymentMethod["addressType"];
type BankForm = z.input<typeof BankPaymentMethodRequest>;
type CryptoForm = z.input<typeof CryptoPaymentMethodRequest>;
type CryptoNetwork = CryptoForm["cryptoNetwork"];

/** What the two forms share: the dialog's state, and how a save ends. */
interface MethodFormProps {
  editing: PaymentMethod | null;
  /** The name typed so far, kept when the address type changes. */
  name: string;
  onTypeChange: (type: AddressType, name: string) => void;
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * Saving: the server's word on each field it refused (the same rules as the form, so this is rare),
 * and the spec's toasts either way.
 */
function useSave<T extends FieldValues>(props: MethodFormProps, form: UseFormReturn<T, unknown, PaymentMethodRequest>) {
  const save = useSavePaymentMethod();
  function submit(request: PaymentMethodRequest) {
    save.mutate(
      {
        id: props.editing?.id,
        request: request.addressType === "bank" ? withoutUnusedNationalFields(request) : request,
      },
      {
        onSuccess: () => {
          toastSuccess(props.editing ? t("Address updated successfully") : t("Address added successfully"));
          props.onSaved();
        },
        onError: (error) => {
          showServerFieldErrors(form.setError, error, Object.keys(form.getValues()) as Path<T>[]);
          toastFailure(t("Failed to save address"), error);
        },
      },
    );
  }
  // Spec §5: a refused form also says its first problem in a toast ("Please fill in all bank details").
  function refuse(errors: FieldErrors<T>) {
    const first = Object.values(errors).find((error) => typeof error?.message === "string");
    toastError(typeof first?.message === "string" ? first.message : "Failed to save address");
  }
  return { onSubmit: form.handleSubmit(submit, refuse), isSaving: save.isPending };
}

function AddressTypeChoice(props: { value: AddressType; onChange: (type: AddressType) => void }) {
  return (
    <fieldset className="grid grid-cols-2 gap-2">
      <legend className="sr-only">{t("Address type")}</legend>
      {(["bank", "crypto"] as const).map((type) => {
        const Icon = type === "bank" ? LandmarkIcon : WalletIcon;
        const isSelected = props.value === type;
        return (
          <label
            key={type}
            className={cn(
              "flex cursor-pointer items-center justify-center gap-2 rounded-lg border p-3 text-sm font-medium",
              "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
              isSelected ? "border-primary bg-secondary text-secondary-foreground" : "border-border hover:bg-accent",
            )}
          >
            <input
              type="radio"
              name="address-type"
              value={type}
              checked={isSelected}
              onChange={() => props.onChange(type)}
              className="sr-only"
            />
            <Icon className="size-4" aria-hidden="true" /> {type === "bank" ? t("Bank Account") : t("Crypto Wallet")}
          </label>
        );
      })}
    </fieldset>
  );
}

/** A text input registered with its form, with its error (the form's or the server's) underneath. */
function TextField<T extends FieldValues>(props: {
  form: UseFormReturn<T, unknown, PaymentMethodRequest>;
  name: Path<T>;
  label: string;
  placeholder?: string;
  hint?: string | null;
}) {
  const id = `pm-${props.name}`;
  const error = props.form.formState.errors[props.name]?.message;
  const message = typeof error === "string" ? translateText(error) : undefined;
  return (
    <Field id={id} label={props.label} error={message} hint={props.hint ?? undefined}>
      <Input
        id={id}
        placeholder={props.placeholder}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        {...props.form.register(props.name)}
      />
    </Field>
  );
}

function submitLabelOf(editing: PaymentMethod | null, isSaving: boolean): string {
  if (isSaving) {
    return t("Saving…");
  }
  return editing ? t("Save Changes") : t("Add Address");
}

function FormFooter(props: { editing: PaymentMethod | null; isSaving: boolean; onCancel: () => void }) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={props.onCancel}>
        {t("Cancel")}
      </Button>
      <Button type="submit" disabled={props.isSaving}>
        {submitLabelOf(props.editing, props.isSaving)}
      </Button>
    </DialogFooter>
  );
}

/** The bank form's first values: those of the method being edited, or empty ones in the first currency. */
function bankDefaultsOf(editing: PaymentMethod | null, name: string): BankForm {
  return {
    addressType: "bank",
    name,
    currency: isOneOf(CASHOUT_BANK_CURRENCIES, editing?.currency) ? editing.currency : CASHOUT_BANK_CURRENCIES[0],
    ...bankDetailDefaultsOf(editing),
  };
}

function BankMethodForm(props: MethodFormProps) {
  const { editing } = props;
  const form = useForm<BankForm, unknown, PaymentMethodRequest>({
    resolver: zodResolver(BankPaymentMethodRequest),
    defaultValues: bankDefaultsOf(editing, props.name),
  });
  const { onSubmit, isSaving } = useSave(props, form);
  const [country, currency] = useWatch({ control: form.control, name: ["country", "currency"] });
  const layout = bankFieldsLayout(country, currency);
  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <AddressTypeChoice value="bank" onChange={(type) => props.onTypeChange(type, form.getValues("name"))} />
      <TextField form={form} name="name" label={t("Name")} placeholder={t("e.g. My checking account")} />
      <Field id="pm-currency" label={t("Currency")}>
        <NativeSelect id="pm-currency" {...form.register("currency")}>
          {CASHOUT_BANK_CURRENCIES.map((code) => (
            <option key={code}>{code}</option>
          ))}
        </NativeSelect>
      </Field>
      <TextField form={form} name="accountHolderName" label={t("Account holder name")} />
      <TextField form={form} name="bankName" label={t("Bank name")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <CountrySelect
          id="pm-country"
          error={form.formState.errors.country?.message}
          registration={form.register("country")}
        />
        <TextField form={form} name="swiftCode" label={t("SWIFT / BIC")} placeholder="DEUTDEFF" />
        {layout.nationalFields.map(({ field, label, placeholder }) => (
          <TextField key={field} form={form} name={field} label={label} placeholder={placeholder} />
        ))}
      </div>
      <TextField
        form={form}
        name="accountNumber"
        label={layout.accountLabel}
        placeholder={layout.accountPlaceholder}
        hint={layout.accountHint}
      />
      <FormFooter editing={editing} isSaving={isSaving} onCancel={props.onCancel} />
    </form>
  );
}

function CryptoMethodForm(props: MethodFormProps) {
  const { editing } = props;
  const network: CryptoNetwork = isOneOf(WITHDRAWAL_NETWORKS, editing?.cryptoNetwork)
    ? editing.cryptoNetwork
    : WITHDRAWAL_NETWORKS[0];
  const form = useForm<CryptoForm, unknown, PaymentMethodRequest>({
    resolver: zodResolver(CryptoPaymentMethodRequest),
    defaultValues: {
      addressType: "crypto",
      name: props.name,
      cryptoNetwork: network,
      currency: isOneOf(CRYPTO_CURRENCIES, editing?.currency) ? editing.currency : CRYPTO_CURRENCIES[0],
      cryptoAddress: editing?.cryptoAddress ?? "",
    },
  });
  const { onSubmit, isSaving } = useSave(props, form);
  const chosenNetwork = useWatch({ control: form.control, name: "cryptoNetwork" });
  const networkCurrencies = WITHDRAWAL_CURRENCIES_BY_NETWORK[chosenNetwork] ?? CRYPTO_CURRENCIES;
  const networkError = form.formState.errors.cryptoNetwork?.message;
  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <AddressTypeChoice value="crypto" onChange={(type) => props.onTypeChange(type, form.getValues("name"))} />
      <TextField form={form} name="name" label={t("Name")} placeholder={t("e.g. Hardware wallet")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="pm-network" label={t("Network")} error={networkError}>
          <NativeSelect
            id="pm-network"
            aria-invalid={networkError ? true : undefined}
            {...form.register("cryptoNetwork", {
              // Each network carries some currencies only: keep the currency when it still fits.
              onChange: (event: React.ChangeEvent<HTMLSelectElement>) => {
                const allowed = WITHDRAWAL_CURRENCIES_BY_NETWORK[event.target.value] ?? [];
                const currency = form.getValues("currency");
                if (!allowed.includes(currency) && isOneOf(CRYPTO_CURRENCIES, allowed[0])) {
                  form.setValue("currency", allowed[0]);
                }
              },
            })}
          >
            {WITHDRAWAL_NETWORKS.map((id) => (
              <option key={id} value={id}>
                {CRYPTO_NETWORKS[id].name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="pm-currency" label={t("Currency")}>
          <NativeSelect id="pm-currency" {...form.register("currency")}>
            {networkCurrencies.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <TextField form={form} name="cryptoAddress" label={t("Wallet address")} />
      <p
        className="flex gap-2 rounded-md border border-yellow-200 bg-yellow-50 p-3 text-xs text-yellow-900"
        role="note"
      >
        <TriangleAlertIcon className="size-4 shrink-0" /> {PAYMENT_METHOD_MESSAGES.lossWarning}
      </p>
      <FormFooter editing={editing} isSaving={isSaving} onCancel={props.onCancel} />
    </form>
  );
}

/** The dialog's body; it lives only while the dialog is open, so a new opening starts afresh. */
function PaymentMethodForm(props: { editing: PaymentMethod | null; onClose: () => void }) {
  const [choice, setChoice] = useState<{ type: AddressType; name: string }>({
    type: props.editing?.addressType ?? "bank",
    name: props.editing?.name ?? "",
  });
  const formProps: MethodFormProps = {
    editing: props.editing,
    name: choice.name,
    onTypeChange: (type, name) => setChoice({ type, name }),
    onSaved: props.onClose,
    onCancel: props.onClose,
  };
  return choice.type === "bank" ? <BankMethodForm {...formProps} /> : <CryptoMethodForm {...formProps} />;
}

/** Add or edit a payment method, validated with the same schemas the server uses. */
export function PaymentMethodDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  editing: PaymentMethod | null;
}) {
  return (
    <DialogFrame
      open={props.open}
      onClose={() => props.onOpenChange(false)}
      title={props.editing ? t("Edit Address") : t("Add Withdrawal Address")}
      description={t("Where Ferry sends your money when you cash out.")}
      className="max-h-[90vh] max-w-lg overflow-y-auto"
    >
      <PaymentMethodForm editing={props.editing} onClose={() => props.onOpenChange(false)} />
    </DialogFrame>
  );
}
