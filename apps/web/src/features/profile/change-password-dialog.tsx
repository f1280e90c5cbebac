import { ChangePasswordRequest } from "@ferry/core/contracts/auth";
import type { MessageKey } from "@ferry/core/i18n/catalog";
import { MESSAGES } from "@ferry/core/messages";
import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRoundIcon } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
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
import { PasswordInput } from "../../components/ui/password-input.tsx";
import { t, translateText } from "../../i18n/i18n.tsx";
import { ApiError } from "../../lib/api-error.ts";
import { toastServerError, toastSuccess } from "../../lib/toasts.ts";
import { useChangePassword } from "./api/change-password.ts";

const PASSWORDS_DIFFER = "The passwords do not match";
const WRONG_CURRENT_PASSWORD = "Your current password is not correct";

/** Core's change-password request (the sign-up password rule for the new one), plus its confirmation. */
const ChangePasswordForm = ChangePasswordRequest.pick({ currentPassword: true, newPassword: true })
  .extend({ confirmPassword: z.string().min(1, PASSWORDS_DIFFER) })
  .refine((form) => form.confirmPassword === form.newPassword, {
    path: ["confirmPassword"],
    message: PASSWORDS_DIFFER,
  });
type ChangePasswordForm = z.infer<typeof ChangePasswordForm>;

const EMPTY: ChangePasswordForm = { currentPassword: "", newPassword: "", confirmPassword: "" };

function PasswordField(props: {
  form: ReturnType<typeof useForm<ChangePasswordForm>>;
  name: keyof ChangePasswordForm;
  label: MessageKey;
  hint?: string;
  autoComplete: string;
}) {
  const error = props.form.formState.errors[props.name]?.message;
  return (
    <Field
      id={props.name}
      label={t(props.label)}
      hint={props.hint === undefined ? undefined : translateText(props.hint)}
      error={error}
    >
      <PasswordInput
        id={props.name}
        autoComplete={props.autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${props.name}-error` : undefined}
        {...props.form.register(props.name)}
      />
    </Field>
  );
}

/** Profile's Change Password: the current password, a new one by the sign-up rule, and its confirmation. */
export function ChangePasswordDialog() {
  const [isOpen, setIsOpen] = useState(false);
  const change = useChangePassword();
  const form = useForm<ChangePasswordForm>({ resolver: zodResolver(ChangePasswordForm), defaultValues: EMPTY });

  function setOpen(open: boolean) {
    setIsOpen(open);
    if (!open) {
      form.reset(EMPTY);
    }
  }

  async function submit(values: ChangePasswordForm) {
    try {
      await change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
    } catch (error) {
      // Better Auth's INVALID_PASSWORD: say so next to the field rather than in a bare "Invalid password".
      if (error instanceof ApiError && error.code === "invalid_password") {
        form.setError("currentPassword", { message: WRONG_CURRENT_PASSWORD }, { shouldFocus: true });
        return;
      }
      toastServerError(error, "Could not change your password");
      return;
    }
    toastSuccess("Password changed", "Every other device was signed out. We sent you an e-mail about it.");
    setOpen(false);
  }

  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <KeyRoundIcon /> {t("Change Password")}
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("Change Password")}</DialogTitle>
          <DialogDescription>{t("Every other device signed in to your account will be signed out.")}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={form.handleSubmit(submit)} noValidate>
          <PasswordField form={form} name="currentPassword" label="Current password" autoComplete="current-password" />
          <PasswordField
            form={form}
            name="newPassword"
            label="New password"
            hint={MESSAGES.passwordHint}
            autoComplete="new-password"
          />
          <PasswordField form={form} name="confirmPassword" label="Confirm new password" autoComplete="new-password" />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {t("Cancel")}
            </Button>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? t("Changing…") : t("Change Password")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
