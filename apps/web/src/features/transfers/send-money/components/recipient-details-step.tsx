import type { Recipient, RecipientType } from "@ferry/core/contracts/recipients";
import { CRYPTO_CURRENCIES, type CryptoCurrency } from "@ferry/core/currencies";
import { BANK_CURRENCIES, CRYPTO_NETWORKS, SEND_NETWORKS_BY_CURRENCY } from "@ferry/core/validation/networks";
import { BankRecipientFields, CryptoRecipientFields, type NewRecipientRequest } from "@ferry/core/validation/recipient";
import { zodResolver } from "@hookform/resolvers/zod";
import { TriangleAlertIcon } from "lucide-react";
import type * as React from "react";
import {
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
  type UseFormSetError,
  useForm,
  useWatch,
} from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { Button } from "../../../../components/ui/button.tsx";
import { Field } from "../../../../components/ui/field.tsx";
import { Input } from "../../../../components/ui/input.tsx";
import { NativeSelect } from "../../../../components/ui/native-select.tsx";
import { ApiError } from "../../../../lib/api.ts";
import { useCreateRecipient } from "../../api/create-recipient.ts";
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
}) {
  const id = `recipient-${props.registration.name}`;
  return (
    <div className={props.className}>
      <Field id={id} label={props.label} error={props.error}>
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
  nameError: string | undefined;
  emailError: string | undefined;
}) {
  return (
    <>
      <TextField
        registration={props.name}
        error={props.nameError}
        label="Recipient name"
        autoComplete="name"
        autoFocus
      />
      <TextField
        registration={props.email}
        error={props.emailError}
        label="Recipient email"
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
        {props.isSaving ? "Saving…" : "Save and continue"}
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
  onSaved: (recipient: Recipient) => void,
  setError: UseFormSetError<Form>,
  fields: readonly Path<Form>[],
) {
  const create = useCreateRecipient();
  function save(request: NewRecipientRequest) {
    create.mutate(request, {
      onSuccess: (recipient) => {
        toast.success("Recipient saved successfully");
        onSaved(recipient);
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          for (const [field, message] of Object.entries(error.fields)) {
            const name = fields.find((known) => known === field);
            if (name) {
              setError(name, { type: "server", message });
            }
          }
        }
        toast.error("Failed to save recipient", { description: error.message || undefined });
      },
    });
  }
  return { save, isSaving: create.isPending };
}

type BankForm = z.input<typeof BankRecipientFields>;
const BANK_FIELDS: readonly (keyof BankForm)[] = [
  "name",
  "email",
  "bankName",
  "country",
  "accountNumber",
  "swiftCode",
  "accountHolderName",
  "currency",
];

function BankRecipientForm(props: { onSaved: (recipient: Recipient) => void; onBack: () => void }) {
  const form = useForm<BankForm, unknown, BankRecipientFields>({
    resolver: zodResolver(BankRecipientFields),
    defaultValues: {
      name: "",
      email: "",
      bankName: "",
      country: "",
      accountNumber: "",
      swiftCode: "",
      accountHolderName: "",
      currency: BANK_CURRENCIES[0],
    },
  });
  const { save, isSaving } = useSaveRecipient(props.onSaved, form.setError, BANK_FIELDS);
  const { errors } = form.formState;
  return (
    <form
      className="grid grid-cols-1 gap-4"
      noValidate
      onSubmit={form.handleSubmit((values) =>
        save({ type: "bank", ...values, accountHolderName: values.accountHolderName || undefined }),
      )}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <ContactFields
          name={form.register("name")}
          email={form.register("email")}
          nameError={errors.name?.message}
          emailError={errors.email?.message}
        />
        <TextField registration={form.register("bankName")} error={errors.bankName?.message} label="Bank name" />
        <TextField
          registration={form.register("country")}
          error={errors.country?.message}
          label="Country"
          autoComplete="country-name"
        />
        <TextField
          registration={form.register("accountNumber")}
          error={errors.accountNumber?.message}
          label="Account number / IBAN"
          placeholder="DE89 3704 0044 0532 0130 00"
          className="sm:col-span-2"
        />
        <TextField
          registration={form.register("swiftCode")}
          error={errors.swiftCode?.message}
          label="SWIFT / BIC"
          placeholder="DEUTDEFF"
        />
        <Field id="recipient-currency" label="Currency" error={errors.currency?.message}>
          <NativeSelect id="recipient-currency" {...form.register("currency")}>
            <CurrencyOptions codes={BANK_CURRENCIES} />
          </NativeSelect>
        </Field>
        <TextField
          registration={form.register("accountHolderName")}
          error={errors.accountHolderName?.message}
          label="Account holder name (optional)"
          className="sm:col-span-2"
        />
      </div>
      <SaveFooter onBack={props.onBack} isSaving={isSaving} />
    </form>
  );
}

type CryptoForm = z.input<typeof CryptoRecipientFields>;
const CRYPTO_FIELDS: readonly (keyof CryptoForm)[] = ["name", "email", "currency", "cryptoNetwork", "cryptoAddress"];

function CryptoRecipientForm(props: { onSaved: (recipient: Recipient) => void; onBack: () => void }) {
  const form = useForm<CryptoForm, unknown, z.output<typeof CryptoRecipientFields>>({
    resolver: zodResolver(CryptoRecipientFields),
    defaultValues: {
      name: "",
      email: "",
      currency: CRYPTO_CURRENCIES[0],
      cryptoNetwork: SEND_NETWORKS_BY_CURRENCY[CRYPTO_CURRENCIES[0]][0],
      cryptoAddress: "",
    },
  });
  const { save, isSaving } = useSaveRecipient(props.onSaved, form.setError, CRYPTO_FIELDS);
  const currency = useWatch({ control: form.control, name: "currency" });
  const networks = SEND_NETWORKS_BY_CURRENCY[currency] ?? [];
  const { errors } = form.formState;
  return (
    <form
      className="grid grid-cols-1 gap-4"
      noValidate
      onSubmit={form.handleSubmit((values) => save({ type: "crypto", ...values }))}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <ContactFields
          name={form.register("name")}
          email={form.register("email")}
          nameError={errors.name?.message}
          emailError={errors.email?.message}
        />
        <Field id="recipient-currency" label="Currency" error={errors.currency?.message}>
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
        <Field id="recipient-cryptoNetwork" label="Network" error={errors.cryptoNetwork?.message}>
          <NativeSelect id="recipient-cryptoNetwork" {...form.register("cryptoNetwork")}>
            {networks.map((network) => (
              <option key={network} value={network}>
                {CRYPTO_NETWORKS[network].name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <TextField
          registration={form.register("cryptoAddress")}
          error={errors.cryptoAddress?.message}
          label="Wallet address"
          placeholder={currency === "BTC" ? "bc1q…" : "0x…"}
          className="sm:col-span-2"
        />
      </div>
      <p
        className="flex gap-2 rounded-md border border-yellow-200 bg-yellow-50 p-3 text-xs text-yellow-900"
        role="note"
      >
        <TriangleAlertIcon className="size-4 shrink-0" aria-hidden="true" />
        Check the address and network carefully: money sent to a wrong address cannot be recovered.
      </p>
      <SaveFooter onBack={props.onBack} isSaving={isSaving} />
    </form>
  );
}

/** Step 3, recipient-details: a new bank or crypto recipient, validated with the server's own schema. */
export function RecipientDetailsStep(props: {
  type: RecipientType;
  onSaved: (recipient: Recipient) => void;
  onBack: () => void;
}) {
  if (props.type === "bank") {
    return <BankRecipientForm onSaved={props.onSaved} onBack={props.onBack} />;
  }
  return <CryptoRecipientForm onSaved={props.onSaved} onBack={props.onBack} />;
}
