import { SignInRequest } from "@ferry/core/contracts/auth";
import { MESSAGES, TOASTS } from "@ferry/core/messages";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { ApiError } from "../../../lib/api.ts";
import { meQueryKey } from "../../../lib/queries/session.ts";
import { sendSignInCode, startSignIn, verifySignInCode } from "../api/auth-calls.ts";
import { AuthLayout } from "../components/auth-layout.tsx";
import { CodeDialog } from "../components/code-dialog.tsx";
import { CredentialFields } from "../components/credential-fields.tsx";

/** Where to go after signing in: back to the protected page that sent the user here, or the dashboard. */
function destinationOf(state: unknown): string {
  const from = (state as { from?: string } | null)?.from;
  return from?.startsWith("/") && !from.startsWith("//") ? from : "/dashboard";
}

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  // The account is under attack: the server did not say whether the password was right (decision 010).
  const [isPasswordUnconfirmed, setIsPasswordUnconfirmed] = useState(false);
  const form = useForm<z.input<typeof SignInRequest>, unknown, SignInRequest>({
    resolver: zodResolver(SignInRequest),
    defaultValues: { email: "", password: "", rememberMe: true },
  });

  async function onSubmit(values: SignInRequest) {
    try {
      const result = await startSignIn(values);
      if (result.twoFactorRedirect) {
        setIsPasswordUnconfirmed(result.isPasswordUnconfirmed === true);
        setPendingEmail(values.email);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      navigate(destinationOf(location.state), { replace: true });
    } catch (error) {
      const description = error instanceof ApiError ? error.message : MESSAGES.unexpectedError;
      toast.error(TOASTS.loginFailed, { description });
    }
  }

  async function onVerified() {
    setPendingEmail(null);
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
    toast.success(TOASTS.welcomeBack);
    navigate(destinationOf(location.state), { replace: true });
  }

  const { errors, isSubmitting } = form.formState;
  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to your Ferry account."
      footer={
        <>
          Don't have an account?{" "}
          <Link to="/signup" className="font-medium text-primary hover:underline">
            Sign up
          </Link>
        </>
      }
    >
      <form
        className="grid gap-5"
        onSubmit={(event) => {
          // The button stays focusable while signing in (see below), so a second submit is ignored here.
          if (isSubmitting) {
            event.preventDefault();
            return;
          }
          void form.handleSubmit(onSubmit)(event);
        }}
        noValidate
      >
        <CredentialFields
          email={form.register("email")}
          password={form.register("password")}
          emailError={errors.email?.message}
          passwordError={errors.password?.message}
          passwordAutoComplete="current-password"
        />
        <div className="flex items-center justify-between">
          <Controller
            control={form.control}
            name="rememberMe"
            render={({ field }) => (
              <label htmlFor="remember-me" className="flex items-center gap-2 text-sm">
                <Checkbox
                  id="remember-me"
                  checked={field.value}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                />
                Remember me
              </label>
            )}
          />
          <Link to="/forgot-password" className="text-sm font-medium text-primary hover:underline">
            Forgot password?
          </Link>
        </div>
        {/* aria-disabled, not disabled: a disabled button drops focus, and the code dialog would give it back to nothing. */}
        <Button type="submit" size="lg" aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? "Signing in…" : "Sign In"}
        </Button>
      </form>
      <CodeDialog
        open={pendingEmail !== null}
        onOpenChange={(open) => {
          if (!open) {
            setPendingEmail(null);
          }
        }}
        email={pendingEmail ?? ""}
        isPasswordUnconfirmed={isPasswordUnconfirmed}
        sendCode={sendSignInCode}
        verifyCode={verifySignInCode}
        onVerified={onVerified}
      />
    </AuthLayout>
  );
}
