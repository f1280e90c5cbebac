import { BackupCode, TotpCode } from "@ferry/core/contracts/authenticator";
import type { MessageKey } from "@ferry/core/i18n/catalog";
import { TOASTS } from "@ferry/core/messages";
import { useMutation } from "@tanstack/react-query";
import { SmartphoneIcon } from "lucide-react";
import { useState } from "react";
import { CodeInput } from "../../../components/code-input.tsx";
import { DialogFrame } from "../../../components/dialog-frame.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { DialogFooter } from "../../../components/ui/dialog.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { t } from "../../../i18n/i18n.tsx";
import { ApiError } from "../../../lib/api-error.ts";
import { toastFailure, toastServerError } from "../../../lib/toasts.ts";
import { verifySignInBackupCode, verifySignInTotp } from "../api/auth-calls.ts";

/** The dialog's texts, by their English keys (read with t() when rendering). */
const TEXT = {
  title: "Enter your authenticator code",
  description: "Enter the 6-digit code from your authenticator app.",
  backupDescription: "Enter one of the backup codes you saved when you set up your authenticator app.",
  backupLabel: "Backup code",
  useBackup: "Use a backup code instead",
  useApp: "Use a code from the app instead",
} as const satisfies Record<string, MessageKey>;

const APP_ICON = (
  <div className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-secondary text-primary sm:mx-0">
    <SmartphoneIcon className="size-6" />
  </div>
);

/**
 * Sign-in's second step for an account with an authenticator app (decision 036): its current code,
 * or one of its backup codes. No code is e-mailed.
 */
export function AppCodeDialog(props: { open: boolean; onClose: () => void; onVerified: () => void }) {
  const [code, setCode] = useState("");
  const [isBackup, setIsBackup] = useState(false);
  const verify = useMutation({
    mutationFn: (value: string) => (isBackup ? verifySignInBackupCode(value) : verifySignInTotp(value)),
    onSuccess: () => {
      setCode("");
      props.onVerified();
    },
    // A right code already used (a transfer confirmed moments ago) says to wait for the next one.
    onError: (error) =>
      error instanceof ApiError && error.code === "code_already_used"
        ? toastServerError(error, TOASTS.invalidCode)
        : toastFailure(TOASTS.invalidCode, error),
  });
  const isValid = (isBackup ? BackupCode : TotpCode).safeParse(code).success;
  function switchKind() {
    setIsBackup((value) => !value);
    setCode("");
  }
  return (
    <DialogFrame
      open={props.open}
      onClose={props.onClose}
      icon={APP_ICON}
      title={t(TEXT.title)}
      description={t(isBackup ? TEXT.backupDescription : TEXT.description)}
    >
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (isValid) {
            verify.mutate(code.trim());
          }
        }}
        noValidate
      >
        {isBackup ? (
          <Field id="backup-code" label={t(TEXT.backupLabel)}>
            <Input
              id="backup-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="off"
              placeholder="xxxxx-xxxxx"
              className="font-mono"
              autoFocus
            />
          </Field>
        ) : (
          <CodeInput id="authenticator-sign-in-code" value={code} onChange={setCode} autoFocus />
        )}
        <Button type="button" variant="link" onClick={switchKind}>
          {t(isBackup ? TEXT.useApp : TEXT.useBackup)}
        </Button>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={props.onClose}>
            {t("Cancel")}
          </Button>
          <Button type="submit" disabled={!isValid || verify.isPending}>
            {verify.isPending ? t("Verifying…") : t("Verify")}
          </Button>
        </DialogFooter>
      </form>
    </DialogFrame>
  );
}
