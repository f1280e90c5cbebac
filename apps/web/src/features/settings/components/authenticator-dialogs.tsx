import {
  ConfirmAuthenticatorRequest,
  RemoveAuthenticatorRequest,
  StartAuthenticatorRequest,
} from "@ferry/core/contracts/authenticator";
import type { MessageKey } from "@ferry/core/i18n/catalog";
import { zodResolver } from "@hookform/resolvers/zod";
import { Copy, Download } from "lucide-react";
import { useState } from "react";
import { type FieldValues, type Path, type UseFormReturn, useForm } from "react-hook-form";
import { DialogFrame } from "../../../components/dialog-frame.tsx";
import { QrCode } from "../../../components/qr-code.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { DialogFooter } from "../../../components/ui/dialog.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { PasswordInput } from "../../../components/ui/password-input.tsx";
import { t } from "../../../i18n/i18n.tsx";
import { ApiError } from "../../../lib/api-error.ts";
import { toastServerError, toastSuccess } from "../../../lib/toasts.ts";
import { useConfirmAuthenticator, useRemoveAuthenticator, useStartAuthenticator } from "../api/authenticator.ts";

export const AUTHENTICATOR_TEXT = {
  title: "Authenticator app",
  description:
    "Sign in and confirm transfers with a 6-digit code from an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password) instead of a code we e-mail you.",
  on: "On",
  off: "Off",
  setUp: "Set up authenticator app",
  remove: "Remove",
  passwordTitle: "Set up authenticator app",
  passwordDescription: "Enter your current password to continue.",
  passwordLabel: "Current password",
  continue: "Continue",
  scanTitle: "Scan the QR code",
  scanDescription:
    "Scan this QR code with your authenticator app, then enter the 6-digit code it shows to finish setting it up.",
  qrLabel: "QR code to add Ferry to your authenticator app",
  manualLabel: "Can't scan it? Enter this key in the app instead:",
  codeLabel: "Code from the app",
  verify: "Verify",
  backupTitle: "Save your backup codes",
  backupDescription:
    "Each code signs you in once if you lose your phone. Keep them somewhere safe: they will not be shown again.",
  copy: "Copy codes",
  copied: "Backup codes copied",
  download: "Download as text",
  done: "Done",
  enabled: "Authenticator app set up",
  enabledDescription: "Sign-in and transfers now ask for a code from your app.",
  removeTitle: "Remove authenticator app",
  removeDescription:
    "Enter a code from your authenticator app, or one of your backup codes. Sign-in and transfers will use codes we e-mail you again.",
  removeCodeLabel: "Authenticator or backup code",
  removed: "Authenticator app removed",
  removedDescription: "We will e-mail you a code when you sign in.",
  cancel: "Cancel",
  failed: "Something went wrong. Please try again.",
} as const satisfies Record<string, MessageKey>;

/** Puts the server's refusal on the form's field when it names one (a wrong password or code), else toasts it. */
function showRefusal<T extends FieldValues>(form: UseFormReturn<T>, field: Path<T>, error: unknown): void {
  const isCodeRefused = error instanceof ApiError && ["invalid_code", "code_already_used"].includes(error.code);
  if (error instanceof ApiError && (isCodeRefused || error.fields[field])) {
    form.setError(field, { message: error.fields[field] ?? error.message });
    return;
  }
  toastServerError(error, t(AUTHENTICATOR_TEXT.failed));
}

function CodeInput(props: { id: string; error?: string } & React.ComponentProps<"input">) {
  const { error, ...rest } = props;
  return (
    <Input
      inputMode="numeric"
      autoComplete="one-time-code"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${props.id}-error` : undefined}
      {...rest}
    />
  );
}

function PasswordStep({
  onStarted,
  onCancel,
}: {
  onStarted: (uri: string, secret: string) => void;
  onCancel: () => void;
}) {
  const start = useStartAuthenticator();
  const form = useForm<StartAuthenticatorRequest>({
    resolver: zodResolver(StartAuthenticatorRequest),
    defaultValues: { password: "" },
  });
  const error = form.formState.errors.password?.message;
  async function submit(values: StartAuthenticatorRequest) {
    try {
      const setup = await start.mutateAsync(values.password);
      onStarted(setup.totpUri, setup.secret);
    } catch (failure) {
      showRefusal(form, "password", failure);
    }
  }
  return (
    <form className="grid gap-4" onSubmit={form.handleSubmit(submit)} noValidate>
      <Field id="authenticator-password" label={t(AUTHENTICATOR_TEXT.passwordLabel)} error={error}>
        <PasswordInput
          id="authenticator-password"
          autoComplete="current-password"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "authenticator-password-error" : undefined}
          {...form.register("password")}
        />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t(AUTHENTICATOR_TEXT.cancel)}
        </Button>
        <Button type="submit" disabled={start.isPending}>
          {t(AUTHENTICATOR_TEXT.continue)}
        </Button>
      </DialogFooter>
    </form>
  );
}

function ScanStep(props: {
  uri: string;
  secret: string;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const confirm = useConfirmAuthenticator();
  const form = useForm<ConfirmAuthenticatorRequest>({
    resolver: zodResolver(ConfirmAuthenticatorRequest),
    defaultValues: { code: "" },
  });
  const error = form.formState.errors.code?.message;
  async function submit(values: ConfirmAuthenticatorRequest) {
    try {
      props.onConfirmed((await confirm.mutateAsync(values.code)).backupCodes);
    } catch (failure) {
      showRefusal(form, "code", failure);
    }
  }
  return (
    <form className="grid gap-4" onSubmit={form.handleSubmit(submit)} noValidate>
      <div className="flex justify-center">
        <QrCode value={props.uri} label={t(AUTHENTICATOR_TEXT.qrLabel)} size={192} />
      </div>
      <div className="grid gap-1 text-sm">
        <p className="text-muted-foreground">{t(AUTHENTICATOR_TEXT.manualLabel)}</p>
        <code data-testid="authenticator-secret" className="break-all rounded-md bg-muted px-3 py-2 font-mono">
          {props.secret}
        </code>
      </div>
      <Field id="authenticator-code" label={t(AUTHENTICATOR_TEXT.codeLabel)} error={error}>
        <CodeInput id="authenticator-code" error={error} {...form.register("code")} />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={props.onCancel}>
          {t(AUTHENTICATOR_TEXT.cancel)}
        </Button>
        <Button type="submit" disabled={confirm.isPending}>
          {t(AUTHENTICATOR_TEXT.verify)}
        </Button>
      </DialogFooter>
    </form>
  );
}

function BackupCodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${t("Ferry backup codes")}\n\n${codes.join("\n")}\n`;
  async function copy() {
    await globalThis.navigator.clipboard.writeText(text);
    toastSuccess(t(AUTHENTICATOR_TEXT.copied));
  }
  function download() {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    link.download = "ferry-backup-codes.txt";
    link.click();
    URL.revokeObjectURL(link.href);
  }
  return (
    <div className="grid gap-4">
      <ol aria-label={t("Backup codes")} className="grid grid-cols-2 gap-2 rounded-md bg-muted p-3 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={copy}>
          <Copy aria-hidden="true" /> {t(AUTHENTICATOR_TEXT.copy)}
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          <Download aria-hidden="true" /> {t(AUTHENTICATOR_TEXT.download)}
        </Button>
      </div>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          {t(AUTHENTICATOR_TEXT.done)}
        </Button>
      </DialogFooter>
    </div>
  );
}

type EnrolStep =
  | { step: "password" }
  | { step: "scan"; uri: string; secret: string }
  | { step: "backup"; codes: string[] };

const TITLES = {
  password: [t(AUTHENTICATOR_TEXT.passwordTitle), t(AUTHENTICATOR_TEXT.passwordDescription)],
  scan: [t(AUTHENTICATOR_TEXT.scanTitle), t(AUTHENTICATOR_TEXT.scanDescription)],
  backup: [t(AUTHENTICATOR_TEXT.backupTitle), t(AUTHENTICATOR_TEXT.backupDescription)],
} as const;

/** Set-up: the password again, the QR code (and the key as text) with a confirming code, then the backup codes once. */
export function EnrolAuthenticatorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [state, setState] = useState<EnrolStep>({ step: "password" });
  function close() {
    setState({ step: "password" });
    onClose();
  }
  const [title, description] = TITLES[state.step];
  return (
    <DialogFrame open={open} onClose={close} title={title} description={description}>
      {state.step === "password" ? (
        <PasswordStep onStarted={(uri, secret) => setState({ step: "scan", uri, secret })} onCancel={close} />
      ) : null}
      {state.step === "scan" ? (
        <ScanStep
          uri={state.uri}
          secret={state.secret}
          onCancel={close}
          onConfirmed={(codes) => {
            toastSuccess(t(AUTHENTICATOR_TEXT.enabled), t(AUTHENTICATOR_TEXT.enabledDescription));
            setState({ step: "backup", codes });
          }}
        />
      ) : null}
      {state.step === "backup" ? <BackupCodesStep codes={state.codes} onDone={close} /> : null}
    </DialogFrame>
  );
}

/** Removal: a current code from the app, or a backup code. */
export function RemoveAuthenticatorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const remove = useRemoveAuthenticator();
  const form = useForm<RemoveAuthenticatorRequest>({
    resolver: zodResolver(RemoveAuthenticatorRequest),
    defaultValues: { code: "" },
  });
  const error = form.formState.errors.code?.message;
  function close() {
    form.reset({ code: "" });
    onClose();
  }
  async function submit(values: RemoveAuthenticatorRequest) {
    try {
      await remove.mutateAsync(values.code);
    } catch (failure) {
      showRefusal(form, "code", failure);
      return;
    }
    toastSuccess(t(AUTHENTICATOR_TEXT.removed), t(AUTHENTICATOR_TEXT.removedDescription));
    close();
  }
  return (
    <DialogFrame
      open={open}
      onClose={close}
      title={t(AUTHENTICATOR_TEXT.removeTitle)}
      description={t(AUTHENTICATOR_TEXT.removeDescription)}
    >
      <form className="grid gap-4" onSubmit={form.handleSubmit(submit)} noValidate>
        <Field id="remove-authenticator-code" label={t(AUTHENTICATOR_TEXT.removeCodeLabel)} error={error}>
          <CodeInput id="remove-authenticator-code" inputMode="text" error={error} {...form.register("code")} />
        </Field>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={close}>
            {t(AUTHENTICATOR_TEXT.cancel)}
          </Button>
          <Button type="submit" variant="destructive" disabled={remove.isPending}>
            {t(AUTHENTICATOR_TEXT.remove)}
          </Button>
        </DialogFooter>
      </form>
    </DialogFrame>
  );
}
