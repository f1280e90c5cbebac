import { ForgotPasswordRequest, isValidPassword } from "@ferry/core/contracts/auth";
import { MESSAGES } from "@ferry/core/messages";
import { MailCheckIcon } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { PasswordInput } from "../../../components/ui/password-input.tsx";
import { messageOf } from "../../../lib/api.ts";
import { requestPasswordReset, resetPassword } from "../../../lib/password-reset.ts";
import { AuthLayout } from "../components/auth-layout.tsx";

const backToLogin = (
  <Link to="/login" className="font-medium text-primary hover:underline">
    Back to sign in
  </Link>
);

function RequestResetForm() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [isSent, setIsSent] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = ForgotPasswordRequest.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setIsSubmitting(true);
    try {
      await requestPasswordReset(parsed.data.email);
      setIsSent(true);
    } catch (failure) {
      toast.error(messageOf(failure, MESSAGES.unexpectedError));
    } finally {
      setIsSubmitting(false);
    }
  }

  if (isSent) {
    return (
      <AuthLayout
        title="Check your email"
        subtitle="If an account exists for that address, a reset link is on its way."
        footer={backToLogin}
      >
        <div className="flex items-start gap-3 rounded-lg border border-border bg-card p-4 text-sm">
          <MailCheckIcon className="mt-0.5 size-5 text-primary" />
          <p>
            We sent the link to <strong>{email}</strong> if it belongs to a Ferry account. It expires in 60 minutes.
          </p>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter your e-mail and we'll send you a link to choose a new one."
      footer={backToLogin}
    >
      <form className="grid gap-5" onSubmit={onSubmit} noValidate>
        <Field id="email" label="Email" error={error}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </Field>
        <Button type="submit" size="lg" disabled={isSubmitting || email.trim() === ""}>
          Send reset link
        </Button>
      </form>
    </AuthLayout>
  );
}

function ChooseNewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [isSubmitting, setIsSubmitting] = useState(false);
  const isValid = isValidPassword(password);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!isValid) {
      toast.error(MESSAGES.invalidPassword);
      return;
    }
    setIsSubmitting(true);
    try {
      await resetPassword(token, password);
      toast.success("Password updated", { description: "Sign in with your new password." });
      navigate("/login", { replace: true });
    } catch (failure) {
      toast.error(messageOf(failure, MESSAGES.verificationInvalid));
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <AuthLayout title="Choose a new password" subtitle="Every other device will be signed out." footer={backToLogin}>
      <form className="grid gap-5" onSubmit={onSubmit} noValidate>
        <Field id="new-password" label="New password" hint={MESSAGES.passwordHint}>
          <PasswordInput
            id="new-password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        <Button type="submit" size="lg" disabled={!isValid || isSubmitting}>
          Save new password
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
