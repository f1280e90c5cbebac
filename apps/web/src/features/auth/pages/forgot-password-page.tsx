import { ForgotPasswordRequest, ResetPasswordRequest } from "@ferry/core/contracts/auth";
import { MESSAGES } from "@ferry/core/messages";
import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheckIcon } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { PasswordInput } from "../../../components/ui/password-input.tsx";
import { t, translateText } from "../../../i18n/i18n.tsx";
import { requestPasswordReset, resetPassword } from "../../../lib/password-reset.ts";
import { toastError, toastServerError, toastSuccess } from "../../../lib/toasts.ts";
import { AuthLayout } from "../components/auth-layout.tsx";

function BackToLogin() {
  return (
    <Link to="/login" className="font-medium text-primary hover:underline">
      {t("Back to sign in")}
    </Link>
  );
}

function RequestResetForm() {
  const form = useForm<z.input<typeof ForgotPasswordRequest>, unknown, z.output<typeof ForgotPasswordRequest>>({
    resolver: zodResolver(ForgotPasswordRequest),
    defaultValues: { email: "" },
  });
  const email = useWatch({ control: form.control, name: "email" });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(values: z.output<typeof ForgotPasswordRequest>) {
    try {
      await requestPasswordReset(values.email);
      setSentTo(values.email);
    } catch (failure) {
      toastServerError(failure, MESSAGES.unexpectedError);
    }
  }

  if (sentTo) {
    return (
      <AuthLayout
        title={t("Check your email")}
        subtitle={t("If an account exists for that address, a reset link is on its way.")}
        footer={<BackToLogin />}
      >
        <div className="flex items-start gap-3 rounded-lg border border-border bg-card p-4 text-sm">
          <MailCheckIcon className="mt-0.5 size-5 text-primary" />
          <p>
            {t("We sent the link to {email} if it belongs to a Ferry account. It expires in 60 minutes.", {
              email: sentTo,
            })}
          </p>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title={t("Forgot your password?")}
      subtitle={t("Enter your e-mail and we'll send you a link to choose a new one.")}
      footer={<BackToLogin />}
    >
      <form className="grid gap-5" onSubmit={form.handleSubmit(onSubmit)} noValidate>
        <Field id="email" label={t("Email")} error={errors.email?.message}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            aria-invalid={errors.email ? true : undefined}
            {...form.register("email")}
          />
        </Field>
        <Button type="submit" size="lg" disabled={isSubmitting || email.trim() === ""}>
          {t("Send reset link")}
        </Button>
      </form>
    </AuthLayout>
  );
}

/** The new-password form: the new password of the reset request, under the sign-up rule. */
const NewPasswordForm = z.object({ newPassword: ResetPasswordRequest.shape.newPassword });
type NewPasswordForm = z.output<typeof NewPasswordForm>;

function ChooseNewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const form = useForm<z.input<typeof NewPasswordForm>, unknown, NewPasswordForm>({
    resolver: zodResolver(NewPasswordForm),
    defaultValues: { newPassword: "" },
  });
  const newPassword = useWatch({ control: form.control, name: "newPassword" });
  const isValid = NewPasswordForm.safeParse({ newPassword }).success;
  const { isSubmitting } = form.formState;

  async function onSubmit(values: NewPasswordForm) {
    try {
      await resetPassword(token, values.newPassword);
      toastSuccess("Password updated", "Sign in with your new password.");
      navigate("/login", { replace: true });
    } catch (failure) {
      toastServerError(failure, MESSAGES.verificationInvalid);
    }
  }

  return (
    <AuthLayout
      title={t("Choose a new password")}
      subtitle={t("Every other device will be signed out.")}
      footer={<BackToLogin />}
    >
      <form
        className="grid gap-5"
        onSubmit={form.handleSubmit(onSubmit, () => toastError(MESSAGES.invalidPassword))}
        noValidate
      >
        <Field id="new-password" label={t("New password")} hint={translateText(MESSAGES.passwordHint)}>
          <PasswordInput id="new-password" autoComplete="new-password" {...form.register("newPassword")} />
        </Field>
        <Button type="submit" size="lg" disabled={!isValid || isSubmitting}>
          {t("Save new password")}
        </Button>
      </form>
    </AuthLayout>
  );
}

/** `/forgot-password` asks for a reset link; `/forgot-password?token=…` (the link) sets the new password. */
export function ForgotPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  return token ? <ChooseNewPasswordForm token={token} /> : <RequestResetForm />;
}
