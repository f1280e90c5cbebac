import {
  API_SCOPE_LABELS,
  API_SCOPES,
  type ApiCredentialWithSecret,
  type ApiScope,
  CreateApiCredentialRequest,
  MAX_API_CREDENTIALS_PER_USER,
} from "@ferry/core/contracts/connect";
import { CURRENCY_CODES, type CurrencyCode } from "@ferry/core/currencies";
import type { MessageKey } from "@ferry/core/i18n/catalog";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2Icon, SendIcon } from "lucide-react";
import { useState } from "react";
import { Controller, type FieldErrors, type UseFormReturn, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { AmountField } from "../../components/amount-field.tsx";
import { CodeInput } from "../../components/code-input.tsx";
import { DialogFrame } from "../../components/dialog-frame.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { DialogFooter } from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { t, translateText } from "../../i18n/i18n.tsx";
import { showServerFieldErrors } from "../../lib/server-field-errors.ts";
import { toastFailure, toastSuccess } from "../../lib/toasts.ts";
import { useConfirmsWithApp, useCreateApiCredential, useRequestApiCredentialCode } from "./api/api-credentials.ts";

/** What the form holds: the request's fields, with the limit and code always present as text. */
interface CredentialForm {
  name: string;
  description: string;
  scopes: ApiScope[];
  transferLimit: { currency: CurrencyCode; amount: string };
  code: string;
}

/**
 * The form's values as the request: the limit and the code go only with `transfers:write` (an empty
 * code is no code), then core's own schema checks it, as the server will.
 */
const CredentialFormSchema = z
  .custom<CredentialForm>()
  .transform((values) => {
    const request: z.input<typeof CreateApiCredentialRequest> = {
      name: values.name,
      description: values.description,
      scopes: values.scopes,
    };
    if (values.scopes.includes("transfers:write")) {
      request.transferLimit = values.transferLimit;
      if (values.code !== "") {
        request.code = values.code;
      }
    }
    return request;
  })
  .pipe(CreateApiCredentialRequest);

const DEFAULTS: CredentialForm = {
  name: "",
  description: "",
  scopes: [],
  transferLimit: { currency: "USD", amount: "" },
  code: "",
};

type Form = UseFormReturn<CredentialForm, unknown, CreateApiCredentialRequest>;

function messageOf(errors: FieldErrors<CredentialForm>, name: "name" | "description" | "scopes" | "code") {
  const message = errors[name]?.message;
  return typeof message === "string" ? translateText(message) : undefined;
}

function TextInput(props: { form: Form; name: "name" | "description"; label: string; placeholder: string }) {
  const id = `credential-${props.name}`;
  const error = messageOf(props.form.formState.errors, props.name);
  return (
    <Field id={id} label={props.label} error={error}>
      <Input
        id={id}
        placeholder={props.placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props.form.register(props.name)}
      />
    </Field>
  );
}

/** One checkbox per scope, with what it lets the app do. */
function ScopeChoice({ form }: { form: Form }) {
  const error = messageOf(form.formState.errors, "scopes");
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? "credential-scopes-error" : undefined}>
      <legend className="mb-1 text-sm font-medium">{t("Permissions")}</legend>
      <Controller
        control={form.control}
        name="scopes"
        render={({ field }) => (
          <>
            {API_SCOPES.map((scope) => (
              <div key={scope} className="flex items-start gap-2">
                <Checkbox
                  id={`scope-${scope}`}
                  className="mt-0.5"
                  checked={field.value.includes(scope)}
                  onCheckedChange={(checked) =>
                    field.onChange(
                      checked === true ? [...field.value, scope] : field.value.filter((chosen) => chosen !== scope),
                    )
                  }
                />
                <label htmlFor={`scope-${scope}`} className="grid text-sm">
                  <span>{translateText(API_SCOPE_LABELS[scope])}</span>
                  <code className="text-xs text-muted-foreground">{scope}</code>
                </label>
              </div>
            ))}
          </>
        )}
      />
      {error ? (
        <p id="credential-scopes-error" className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The daily limit of what the app may send, in one currency. */
function TransferLimitFields({ form }: { form: Form }) {
  const errors = form.formState.errors.transferLimit;
  const limitMessage = errors?.amount?.message ?? (typeof errors?.message === "string" ? errors.message : undefined);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id="credential-limit-currency" label={t("Daily limit currency")}>
        <NativeSelect id="credential-limit-currency" {...form.register("transferLimit.currency")}>
          {CURRENCY_CODES.map((code) => (
            <option key={code}>{code}</option>
          ))}
        </NativeSelect>
      </Field>
      <AmountField
        id="credential-limit-amount"
        label={t("Daily limit")}
        error={limitMessage === undefined ? undefined : translateText(limitMessage)}
        registration={form.register("transferLimit.amount")}
      />
    </div>
  );
}

/** The second factor's note, whole sentences, for what the code is asked for. */
const SECOND_FACTOR_NOTES: Readonly<Record<"create" | "regenerate", { authenticator: MessageKey; email: MessageKey }>> =
  {
    create: {
      authenticator: "Enter the 6-digit code from your authenticator app to let this app send money.",
      email: "We'll e-mail you a code to let this app send money.",
    },
    regenerate: {
      authenticator:
        "Enter the 6-digit code from your authenticator app to give this app, which sends money, a new secret.",
      email: "We'll e-mail you a code to give this app, which sends money, a new secret.",
    },
  };

/** What sends the e-mailed code: the create form's, or the one bound to a credential being regenerated. */
interface CodeRequest {
  mutate: (variables: undefined, callbacks: { onSuccess: () => void; onError: (failure: Error) => void }) => void;
  isPending: boolean;
}

/**
 * Letting an app send money needs a fresh second factor, as a transfer does: the authenticator app's
 * code, or one e-mailed on request. The app's own transfers then need none. Creating such an app and
 * regenerating its secret both ask it (issue 28); `purpose` says which, each note one whole sentence.
 */
export function SecondFactorStep(props: {
  id: string;
  value: string;
  onChange: (code: string) => void;
  error: string | undefined;
  purpose: "create" | "regenerate";
  requestCode: CodeRequest;
}) {
  const { requestCode } = props;
  const confirmsWithApp = useConfirmsWithApp();
  const [isCodeSent, setIsCodeSent] = useState(false);
  function sendCode() {
    requestCode.mutate(undefined, {
      onSuccess: () => {
        setIsCodeSent(true);
        toastSuccess(t("Verification code sent to your email"));
      },
      onError: (failure) => toastFailure(t("Failed to send verification code"), failure),
    });
  }
  const notes = SECOND_FACTOR_NOTES[props.purpose];
  let note = t(notes.authenticator);
  if (!confirmsWithApp) {
    note = isCodeSent ? t("Enter the 6-digit code we e-mailed you. It expires in 15 minutes.") : t(notes.email);
  }
  return (
    <div className="grid gap-3 rounded-lg border border-border p-4">
      <div className="text-sm">
        <p className="font-medium">{t("Verify it's you")}</p>
        <p className="text-muted-foreground">{note}</p>
      </div>
      {confirmsWithApp ? null : (
        <Button type="button" variant="outline" onClick={sendCode} disabled={requestCode.isPending}>
          {requestCode.isPending ? <Loader2Icon className="animate-spin" /> : <SendIcon />}
          {isCodeSent ? t("Resend code") : t("Send code")}
        </Button>
      )}
      <CodeInput id={props.id} value={props.value} onChange={props.onChange} />
      {props.error ? <p className="text-xs font-medium text-destructive">{props.error}</p> : null}
    </div>
  );
}

function CreateSecondFactorStep({ form }: { form: Form }) {
  const requestCode = useRequestApiCredentialCode();
  const error = messageOf(form.formState.errors, "code");
  return (
    <Controller
      control={form.control}
      name="code"
      render={({ field }) => (
        <SecondFactorStep
          id="credential-code"
          value={field.value}
          onChange={field.onChange}
          error={error}
          purpose="create"
          requestCode={requestCode}
        />
      )}
    />
  );
}

function CreateCredentialForm(props: { onCreated: (created: ApiCredentialWithSecret) => void; onCancel: () => void }) {
  const form = useForm<CredentialForm, unknown, CreateApiCredentialRequest>({
    resolver: zodResolver(CredentialFormSchema),
    defaultValues: DEFAULTS,
  });
  const create = useCreateApiCredential();
  const scopes = useWatch({ control: form.control, name: "scopes" });
  const canSend = scopes.includes("transfers:write");
  function submit(request: CreateApiCredentialRequest) {
    create.mutate(request, {
      onSuccess: props.onCreated,
      onError: (error) => {
        showServerFieldErrors(form.setError, error, ["name", "description", "scopes", "code"]);
        toastFailure(t("Failed to create credentials"), error);
      },
    });
  }
  return (
    <form className="grid gap-4" onSubmit={form.handleSubmit(submit)} noValidate>
      <TextInput form={form} name="name" label={t("App name")} placeholder={t("e.g. Bookkeeping sync")} />
      <TextInput
        form={form}
        name="description"
        label={t("Description")}
        placeholder={t("What the app does (optional)")}
      />
      <ScopeChoice form={form} />
      {canSend ? <TransferLimitFields form={form} /> : null}
      {canSend ? <CreateSecondFactorStep form={form} /> : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={props.onCancel}>
          {t("Cancel")}
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t("Creating…") : t("Create credential")}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Connect an app: its name, what it may do, and (to send money) a daily limit and a second factor. */
export function CreateCredentialDialog(props: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: ApiCredentialWithSecret) => void;
}) {
  return (
    <DialogFrame
      open={props.open}
      onClose={props.onClose}
      title={t("Create credential")}
      description={t("Connect an app to your account through the API. You can connect at most {max} apps.", {
        max: MAX_API_CREDENTIALS_PER_USER,
      })}
      className="max-h-[90vh] max-w-lg overflow-y-auto"
    >
      {props.open ? <CreateCredentialForm onCreated={props.onCreated} onCancel={props.onClose} /> : null}
    </DialogFrame>
  );
}
