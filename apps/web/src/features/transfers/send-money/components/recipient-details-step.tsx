import type { Recipient, RecipientType } from "@ferry/core/contracts/recipients";
import { CRYPTO_CURRENCIES, type CryptoCurrency } from "@ferry/core/currencies";
import { NATIONAL_BANK_FIELDS } from "@ferry/core/validation/national-bank";
import { BANK_CURRENCIES, CRYPTO_NETWORKS, SEND_NETWORKS_BY_CURRENCY } from "@ferry/core/validation/networks";
import { BankRecipientFields, CryptoRecipientFields, type NewRecipientRequest } from "@ferry/core/validation/recipient";
import { zodResolver } from "@hookform/resolvers/zod";
import { TriangleAlertIcon } from "lucide-react";
import type * as React from "react";
import {
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
  type UseFormReturn,
  type UseFormSetError,
  useForm,
  useWatch,
} from "react-hook-form";
import type { z } from "zod";
import {
  bankDetailDefaultsOf,
  bankFieldsLayout,
  CountrySelect,
  isOneOf,
  withoutUnusedNationalFields,
} from "../../../../components/bank-fields.tsx";
import { Button } from "../../../../components/ui/button.tsx";
import { Field } from "../../../../components/ui/field.tsx";
import { Input } from "../../../../components/ui/input.tsx";
import { NativeSelect } from "../../../../components/ui/native-select.tsx";
import { t, translateText } from "../../../../i18n/i18n.tsx";
import { showServerFieldErrors } from "../../../../lib/server-field-errors.ts";
import { toastFailure, toastSuccess } from "../../../../lib/toasts.ts";
import { useCreateRecipient } from "../../api/create-recipient.ts";
import { useUpdateRecipient } from "../../api/update-recipient.ts";
import { StepFooter } from "./step-footer.tsx";

/** A text input registered with the form, with its error (client or server) underneath. */
function TextField(props: {
  registration: UseFormRegisterReturn;
  label: string;
  error: string | undefined;
  placeholder?: string;
  autoComplete?: string;
  type?: React.HTMLInputTypeAttribute;
  className?: string;
  autoFocus?: boolean;
  hint?: string | null;
}) {
  const id = `recipient-${props.registration.name}`;
  return (
    <div className={props.className}>
      <Field
        id={id}
        label={props.label}
        error={props.error === undefined ? undefined : translateText(props.error)}
        hint={props.hint ?? undefined}
      >
        <Input
          id={id}
          type={props.type ?? "text"}
          placeholder={props.placeholder}
          autoComplete={props.autoComplete ?? "off"}
          autoFocus={props.autoFocus}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? `${id}-error` : undefined}
          {...props.registration}
        />
      </Field>
    </div>
  );
}

/** The recipient's name and e-mail, which bank and crypto recipients both have. */
function ContactFields(props: {
  name: UseFormRegisterReturn<"name">;
  email: UseFormRegisterReturn<"email">;
  errors: FieldErrors<{ name: string; email: string }>;
}) {
  return (
    <>
      <TextField
        registration={props.name}
        error={props.errors.name?.message}
        label={t("Recipient name")}
        autoComplete="name"
        autoFocus
      />
      <TextField
        registration={props.email}
        error={props.errors.email?.message}
        label={t("Recipient email")}
        type="email"
        placeholder="name@example.com"
      />
    </>
  );
}

/** The options of a currency select, one per code. */
function CurrencyOptions(props: { codes: readonly string[] }) {
  return props.codes.map((code) => (
    <option key={code} value={code}>
      {code}
    </option>
  ));
}

function SaveFooter(props: { onBack: () => void; isSaving: boolean }) {
  return (
    <StepFooter onBack={props.onBack}>
      <Button type="submit" disabled={props.isSaving}>
        {props.isSaving ? t("Saving…") : t("Save and continue")}
      </Button>
    </StepFooter>
  );
}

/**
 * Saving shows the server's own word on each of the form's `fields` it refused (the same rules as
 * the form, so this is rare: a race, or a rule only the server can check), and the spec's toasts
 * either way.
 */
function useSaveRecipient<Form extends FieldValues>(
  editing: Recipient | null,
  onSaved: (recipient: Recipient) => void,
  setError: UseFormSetError<Form>,
  fields: readonly Path<Form>[],
) {
  const create = useCreateRecipient();
  const update = useUpdateRecipient();
  function save(request: NewRecipientRequest) {
    const options = {
      onSuccess: (recipient: Recipient) => {
        toastSuccess(editing ? t("Recipient updated successfully") : t("Recipient saved successfully"));
        onSaved(recipient);
      },
      onError: (error: Error) => {
        showServerFieldErrors(setError, error, fields);
        toastFailure(t("Failed to save recipient"), error);
      },
    };
    if (editing) {
      update.mutate({ id: editing.id, request }, options);
    } else {
      create.mutate(request, options);
    }
  }
  return { save, isSaving: create.isPending || update.isPending };
}

type BankForm = z.input<typeof BankRecipientFields>;
const BANK_FIELDS: readonly (keyof BankForm)[] = [
  "name",
  "email",
  "bankName",
  "country",
  "accountNumber",
  "swiftCode",
  ...NATIONAL_BANK_FIELDS,
  "accountHolderName",
  "currency",
];

interface FormProps {
  editing: Recipient | null;
  onSaved: (recipient: Recipient) => void;
  onBack: () => void;
}

/** The bank form's first values: those of the recipient being edited, or empty ones. */
function bankDefaultsOf(editing: Recipient | null): BankForm {
  return {
    name: editing?.name ?? "",
    email: editing?.email ?? "",
    ...bankDetailDefaultsOf(editing),
    currency: isOneOf(BANK_CURRENCIES, editing?.currency) ? editing.currency : BANK_CURRENCIES[0],
  };
}

/** Country, the national fields it asks for, the account number in its format, and SWIFT / BIC. */
function BankAccountFields({ form }: { form: UseFormReturn<BankForm, unknown, BankRecipientFields> }) {
  const { errors } = form.formState;
  const [country, currency] = useWatch({ control: form.control, name: ["country", "currency"] });
  const layout = bankFieldsLayout(country, currency);
  return (
    <>
      <CountrySelect id="recipient-country" error={errors.country?.message} registration={form.register("country")} />
      {layout.nationalFields.map(({ field, label, placeholder }) => (
        <TextField
          key={field}
          registration={form.register(field)}
          error={errors[field]?.message}
          label={label}
          placeholder={placeholder}
        />
      ))}
      <TextField
        registration={form.register("accountNumber")}
        error={errors.accountNumber?.message}
        label={layout.accountLabel}
        placeholder={layout.accountPlaceholder}
        hint={layout.accountHint}
        className="sm:col-span-2"
      />
      <TextField
        registration={form.register("swiftCode")}
        error={errors.swiftCode?.message}
        label={t("SWIFT / BIC")}
        placeholder="DEUTDEFF"
      />
    </>
  );
}

function BankRecipientForm(props: FormProps) {
  const { editing } = props;
  const form = useForm<BankForm, unknown, BankRecipientFields>({
    resolver: zodResolver(BankRecipientFields),
    defaultValues: bankDefaultsOf(editing),
  });
  const { save, isSaving } = useSaveRecipient(editing, props.onSaved, form.setError, BANK_FIELDS);
  const { errors } = form.formState;
  return (
    <form
      className="grid grid-cols-1 gap-4"
      noValidate
      onSubmit={form.handleSubmit((values) =>
        save({
          type: "bank",
          ...withoutUnusedNationalFields(values),
          accountHolderName: values.accountHolderName || undefined,
        }),
      )}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <ContactFields name={form.register("name")} email={form.register("email")} errors={errors} />
        <TextField registration={form.register("bankName")} error={errors.bankName?.message} label={t("Bank name")} />
        <BankAccountFields form={form} />
        <Field id="recipient-currency" label={t("Currency")} error={errors.currency?.message}>
          <NativeSelect id="recipient-currency" {...form.register("currency")}>
            <CurrencyOptions codes={BANK_CURRENCIES} />
          </NativeSelect>
        </Field>
        <TextField
          registration={form.register("accountHolderName")}
          error={errors.accountHolderName?.message}
          label={t("Account holder name (optional)")}
          className="sm:col-span-2"
        />
      </div>
      <SaveFooter onBack={props.onBack} isSaving={isSaving} />
    </form>
  );
}

type CryptoForm = z.input<typeof CryptoRecipientFields>;
const CRYPTO_FIELDS: readonly (keyof CryptoForm)[] = ["name", "email", "currency", "cryptoNetwork", "cryptoAddress"];

/** The crypto form's first values: those of the recipient being edited, or the first currency and its network. */
function cryptoDefaultsOf(editing: Recipient | null): CryptoForm {
  const currency = isOneOf(CRYPTO_CURRENCIES, editing?.currency) ? editing.currency : CRYPTO_CURRENCIES[0];
  const networks = SEND_NETWORKS_BY_CURRENCY[currency];
  return {
    name: editing?.name ?? "",
    email: editing?.email ?? "",
    currency,
    cryptoNetwork: isOneOf(networks, editing?.cryptoNetwork) ? editing.cryptoNetwork : networks[0],
    cryptoAddress: editing?.cryptoAddress ?? "",
  };
}

/** The currency and the networks that carry it. */
function CurrencyAndNetwork({
  form,
}: {
  form: UseFormReturn<CryptoForm, unknown, z.output<typeof CryptoRecipientFields>>;
}) {
  const { errors } = form.formState;
  const chosenCurrency = useWatch({ control: form.control, name: "currency" });
  const chosenNetworks = SEND_NETWORKS_BY_CURRENCY[chosenCurrency] ?? [];
  return (
    <>
      <Field id="recipient-currency" label={t("Currency")} error={errors.currency?.message}>
        <NativeSelect
          id="recipient-currency"
          {...form.register("currency", {
            // Only the networks that carry the new currency stay on offer (spec §5).
            onChange: (event: React.ChangeEvent<HTMLSelectElement>) => {
              const allowed = SEND_NETWORKS_BY_CURRENCY[event.target.value as CryptoCurrency] ?? [];
              const network = form.getValues("cryptoNetwork");
              if (allowed[0] && !allowed.some((id) => id === network)) {
                form.setValue("cryptoNetwork", allowed[0]);
              }
            },
          })}
        >
          <CurrencyOptions codes={CRYPTO_CURRENCIES} />
        </NativeSelect>
      </Field>
      <Field id="recipient-cryptoNetwork" label={t("Network")} error={errors.cryptoNetwork?.message}>
        <NativeSelect id="recipient-cryptoNetwork" {...form.register("cryptoNetwork")}>
          {chosenNetworks.map((network) => (
            <option key={network} value={network}>
              {CRYPTO_NETWORKS[network].name}
            </option>
          ))}
        </NativeSelect>
      </Field>
    </>
  );
}

function CryptoRecipientForm(props: FormProps) {
  const { editing } = props;
  const form = useForm<CryptoForm, unknown, z.output<typeof CryptoRecipientFields>>({
    resolver: zodResolver(CryptoRecipientFields),
    defaultValues: cryptoDefaultsOf(editing),
  });
  const { save, isSaving } = useSaveRecipient(editing, props.onSaved, form.setError, CRYPTO_FIELDS);
  const chosenCurrency = useWatch({ control: form.control, name: "currency" });
  const { errors } = form.formState;
  return (
    <form
      className="grid grid-cols-1 gap-4"
      noValidate
      onSubmit={form.handleSubmit((values) => save({ type: "crypto", ...values }))}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <ContactFields name={form.register("name")} email={form.register("email")} errors={errors} />
        <CurrencyAndNetwork form={form} />
        <TextField
          registration={form.register("cryptoAddress")}
          error={errors.cryptoAddress?.message}
          label={t("Wallet address")}
          placeholder={chosenCurrency === "BTC" ? "bc1q…" : "0x…"}
          className="sm:col-span-2"
        />
      </div>
      <p
        className="flex gap-2 rounded-md border border-yellow-200 bg-yellow-50 p-3 text-xs text-yellow-900"
        role="note"
      >
        <TriangleAlertIcon className="size-4 shrink-0" aria-hidden="true" />
        {t("Check the address and network carefully: money sent to a wrong address cannot be recovered.")}
      </p>
      <SaveFooter onBack={props.onBack} isSaving={isSaving} />
    </form>
  );
}

/**
 * Step 3, recipient-details: a new bank or crypto recipient, or a saved one being edited (`editing`),
 * validated with the server's own schema.
 */
export function RecipientDetailsStep(props: {
  type: RecipientType;
  editing?: Recipient | null;
  onSaved: (recipient: Recipient) => void;
  onBack: () => void;
}) {
  const editing = props.editing ?? null;
  if (props.type === "bank") {
    return <BankRecipientForm editing={editing} onSaved={props.onSaved} onBack={props.onBack} />;
  }
  return <CryptoRecipientForm editing={editing} onSaved={props.onSaved} onBack={props.onBack} />;
}
