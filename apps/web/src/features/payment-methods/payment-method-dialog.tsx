import {
  CASHOUT_BANK_CURRENCIES,
  PAYMENT_METHOD_MESSAGES,
  type PaymentMethod,
  PaymentMethodRequest,
  WITHDRAWAL_CURRENCIES_BY_NETWORK,
} from "@ferry/core/contracts/payment-methods";
import { CRYPTO_CURRENCIES, CRYPTO_NETWORKS, WITHDRAWAL_NETWORKS } from "@ferry/core/validation/networks";
import { LandmarkIcon, TriangleAlertIcon, WalletIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
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
import { cn } from "../../lib/cn.ts";
import { useSavePaymentMethod } from "./api/payment-methods.ts";

type Draft = Record<string, string>;

function draftOf(method: PaymentMethod | null): Draft {
  return {
    addressType: method?.addressType ?? "bank",
    name: method?.name ?? "",
    currency: method?.currency ?? "USD",
    bankName: method?.bankName ?? "",
    accountNumber: method?.accountNumber ?? "",
    swiftCode: method?.swiftCode ?? "",
    country: method?.country ?? "",
    accountHolderName: method?.accountHolderName ?? "",
    cryptoAddress: method?.cryptoAddress ?? "",
    cryptoNetwork: method?.cryptoNetwork ?? "bitcoin",
  };
}

function requestOf(draft: Draft): unknown {
  if (draft.addressType === "bank") {
    const { addressType, name, currency, bankName, accountNumber, swiftCode, country, accountHolderName } = draft;
    return { addressType, name, currency, bankName, accountNumber, swiftCode, country, accountHolderName };
  }
  const { addressType, name, currency, cryptoAddress, cryptoNetwork } = draft;
  return { addressType, name, currency, cryptoAddress, cryptoNetwork };
}

/** Add or edit a payment method, validated with the same schema the server uses. */
export function PaymentMethodDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  editing: PaymentMethod | null;
}) {
  const save = useSavePaymentMethod();
  const [draft, setDraft] = useState<Draft>(() => draftOf(props.editing));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const isBank = draft.addressType === "bank";

  function set(field: string, value: string) {
    setDraft((current) => {
      const next = { ...current, [field]: value };
      if (field === "addressType") {
        next.currency = value === "bank" ? "USD" : "BTC";
        next.cryptoNetwork = "bitcoin";
      }
      if (field === "cryptoNetwork") {
        const allowed = WITHDRAWAL_CURRENCIES_BY_NETWORK[value] ?? [];
        next.currency = allowed.includes(next.currency) ? next.currency : (allowed[0] ?? next.currency);
      }
      return next;
    });
    setErrors((current) => ({ ...current, [field]: "" }));
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = PaymentMethodRequest.safeParse(requestOf(draft));
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        fieldErrors[String(issue.path[0] ?? "name")] ??= issue.message;
      }
      setErrors(fieldErrors);
      toast.error(Object.values(fieldErrors)[0] ?? "Failed to save address");
      return;
    }
    save.mutate(
      { id: props.editing?.id, request: parsed.data },
      {
        onSuccess: () => {
          toast.success(props.editing ? "Address updated successfully" : "Address added successfully");
          props.onOpenChange(false);
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            setErrors(error.fields);
          }
          toast.error("Failed to save address", { description: error instanceof ApiError ? error.message : undefined });
        },
      },
    );
  }

  const networkCurrencies = WITHDRAWAL_CURRENCIES_BY_NETWORK[draft.cryptoNetwork] ?? CRYPTO_CURRENCIES;
  const input = (field: string, label: string, placeholder = "") => (
    <Field id={`pm-${field}`} label={label} error={errors[field] || undefined}>
      <Input
        id={`pm-${field}`}
        value={draft[field]}
        placeholder={placeholder}
        aria-invalid={errors[field] ? true : undefined}
        onChange={(event) => set(field, event.target.value)}
      />
    </Field>
  );

  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{props.editing ? "Edit Address" : "Add Withdrawal Address"}</DialogTitle>
          <DialogDescription>Where Ferry sends your money when you cash out.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <fieldset className="grid grid-cols-2 gap-2">
            <legend className="sr-only">Address type</legend>
            {(["bank", "crypto"] as const).map((type) => {
              const Icon = type === "bank" ? LandmarkIcon : WalletIcon;
              const isSelected = draft.addressType === type;
              return (
                <label
                  key={type}
                  className={cn(
                    "flex cursor-pointer items-center justify-center gap-2 rounded-lg border p-3 text-sm font-medium",
                    "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                    isSelected
                      ? "border-primary bg-secondary text-secondary-foreground"
                      : "border-border hover:bg-accent",
                  )}
                >
                  <input
                    type="radio"
                    name="address-type"
                    value={type}
                    checked={isSelected}
                    onChange={() => set("addressType", type)}
                    className="sr-only"
                  />
                  <Icon className="size-4" aria-hidden="true" /> {type === "bank" ? "Bank Account" : "Crypto Wallet"}
                </label>
              );
            })}
          </fieldset>
          {input("name", "Name", isBank ? "e.g. My checking account" : "e.g. Hardware wallet")}
          {isBank ? (
            <>
              <Field id="pm-currency" label="Currency">
                <NativeSelect
                  id="pm-currency"
                  value={draft.currency}
                  onChange={(event) => set("currency", event.target.value)}
                >
                  {CASHOUT_BANK_CURRENCIES.map((code) => (
                    <option key={code}>{code}</option>
                  ))}
                </NativeSelect>
              </Field>
              {input("accountHolderName", "Account holder name")}
              {input("bankName", "Bank name")}
              {input("accountNumber", "Account number or IBAN")}
              <div className="grid gap-4 sm:grid-cols-2">
                {input("swiftCode", "SWIFT / BIC", "DEUTDEFF")}
                {input("country", "Country")}
              </div>
            </>
          ) : (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field id="pm-network" label="Network" error={errors.cryptoNetwork || undefined}>
                  <NativeSelect
                    id="pm-network"
                    value={draft.cryptoNetwork}
                    onChange={(event) => set("cryptoNetwork", event.target.value)}
                  >
                    {WITHDRAWAL_NETWORKS.map((network) => (
                      <option key={network} value={network}>
                        {CRYPTO_NETWORKS[network].name}
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
                <Field id="pm-currency" label="Currency">
                  <NativeSelect
                    id="pm-currency"
                    value={draft.currency}
                    onChange={(event) => set("currency", event.target.value)}
                  >
                    {networkCurrencies.map((code) => (
                      <option key={code}>{code}</option>
                    ))}
                  </NativeSelect>
                </Field>
              </div>
              {input("cryptoAddress", "Wallet address")}
              <p
                className="flex gap-2 rounded-md border border-yellow-200 bg-yellow-50 p-3 text-xs text-yellow-900"
                role="note"
              >
                <TriangleAlertIcon className="size-4 shrink-0" /> {PAYMENT_METHOD_MESSAGES.lossWarning}
              </p>
            </>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => props.onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving…" : props.editing ? "Save Changes" : "Add Address"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
