import type { SignInRequest } from "@ferry/core/contracts/auth";
import { MESSAGES, TOASTS } from "@ferry/core/messages";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { type Control, Controller, useForm } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router";
import type { z } from "zod";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { t } from "../../../i18n/i18n.tsx";
import { lazyResolver } from "../../../lib/lazy-resolver.ts";
import { meQueryKey } from "../../../lib/queries/session.ts";
import { toastFailure, toastSuccess } from "../../../lib/toasts.ts";
import { sendSignInCode, startSignIn, verifySignInCode } from "../api/auth-calls.ts";
import { AuthLayout } from "../components/auth-layout.tsx";
import { CredentialFields } from "../components/credential-fields.tsx";
import { PasskeySignInButton } from "../components/passkey-sign-in-button.tsx";

type SignInForm = z.input<typeof SignInRequest>;

/*
 * What the page needs only once the form is sent — the server's schema (and zod with it) and the two code
 * dialogs — is fetched then, not with the page: most of /login's script and start-up work is the form
 * library's and zod's, which a person reading the page does not need yet (issue 29, decision 050).
 */
const signInResolver = lazyResolver<SignInForm, unknown, SignInRequest>(async () => {
  const [{ zodResolver }, { SignInRequest }] = await Promise.all([
    import("@hookform/resolvers/zod"),
    import("@ferry/core/contracts/auth"),
  ]);
  return zodResolver(SignInRequest);
});
const loadCodeDialog = () => import("../components/code-dialog.tsx");
const loadAppCodeDialog = () => import("../components/app-code-dialog.tsx");
const CodeDialog = lazy(async () => ({ default: (await loadCodeDialog()).CodeDialog }));
const AppCodeDialog = lazy(async () => ({ default: (await loadAppCodeDialog()).AppCodeDialog }));

/** Where to go after signing in: back to the protected page that sent the user here, or the dashboard. */
function destinationOf(state: unknown): string {
  const from = (state as { from?: string } | null)?.from;
  return from?.startsWith("/") && !from.startsWith("//") ? from : "/dashboard";
}

/** "Remember me" (on by default) and the way to reset a forgotten password. */
function RememberMeRow({ control }: { control: Control<SignInForm, unknown, SignInRequest> }) {
  return (
    <div className="flex items-center justify-between">
      <Controller
        control={control}
        name="rememberMe"
        render={({ field }) => (
          <label htmlFor="remember-me" className="flex items-center gap-2 text-sm">
            <Checkbox
              id="remember-me"
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
            />
            {t("Remember me")}
          </label>
        )}
      />
      <Link to="/forgot-password" className="text-sm font-medium text-primary hover:underline">
        {t("Forgot password?")}
      </Link>
    </div>
  );
}

/** The page's footer: the way to sign up instead. */
function SignUpInstead() {
  return (
    <>
      {t("Don't have an account?")}{" "}
      <Link to="/signup" className="font-medium text-primary hover:underline">
        {t("Sign up")}
      </Link>
    </>
  );
}

/**
 * The two steps of signing in: the password first, then — when the server asks for it — the e-mailed
 * code (decision 010). Either way the user lands where they were going.
 */
function useSignIn() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  // The account is under attack: the server did not say whether the password was right (decision 010).
  const [isPasswordUnconfirmed, setIsPasswordUnconfirmed] = useState(false);
  // The account signs in with its authenticator app's code instead of an e-mailed one (decision 036).
  const [usesApp, setUsesApp] = useState(false);

  async function submitPassword(values: SignInRequest) {
    // The dialog that asks for the code next arrives while the password is checked.
    void loadCodeDialog();
    void loadAppCodeDialog();
    try {
      const result = await startSignIn(values);
      if (result.twoFactorRedirect) {
        setIsPasswordUnconfirmed(result.isPasswordUnconfirmed === true);
        setUsesApp(result.twoFactorMethods.includes("totp"));
        setPendingEmail(values.email);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      navigate(destinationOf(location.state), { replace: true });
    } catch (error) {
      toastFailure(TOASTS.loginFailed, error, MESSAGES.unexpectedError);
    }
  }

  async function onVerified() {
    setPendingEmail(null);
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
    toastSuccess(TOASTS.welcomeBack);
    navigate(destinationOf(location.state), { replace: true });
  }

  const cancelCode = () => setPendingEmail(null);
  // Without a verdict the server names the e-mailed code whatever the account: an app's owner switches.
  const switchToApp = () => setUsesApp(true);
  // Once asked for, the dialogs stay mounted, so they close with their own animation and focus handling.
  const [hasAskedForCode, setHasAskedForCode] = useState(false);
  if (pendingEmail !== null && !hasAskedForCode) {
    setHasAskedForCode(true);
  }
  return {
    pendingEmail,
    hasAskedForCode,
    isPasswordUnconfirmed,
    usesApp,
    switchToApp,
    submitPassword,
    onVerified,
    cancelCode,
  };
}

export function LoginPage() {
  const signIn = useSignIn();
  const form = useForm<SignInForm, unknown, SignInRequest>({
    resolver: signInResolver,
    defaultValues: { email: "", password: "", rememberMe: true },
  });

  const { errors, isSubmitting } = form.formState;
  return (
    <AuthLayout title={t("Welcome back")} subtitle={t("Sign in to your Ferry account.")} footer={<SignUpInstead />}>
      <form
        className="grid gap-5"
        onSubmit={(event) => {
          // The button stays focusable while signing in (see below), so a second submit is ignored here.
          if (isSubmitting) {
            event.preventDefault();
            return;
          }
          void form.handleSubmit(signIn.submitPassword)(event);
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
        <RememberMeRow control={form.control} />
        {/* aria-disabled, not disabled: a disabled button drops focus, and the code dialog would give it back to nothing. */}
        <Button type="submit" size="lg" aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? t("Signing in…") : t("Sign In")}
        </Button>
      </form>
      <PasskeySignInButton onSignedIn={signIn.onVerified} />
      {signIn.hasAskedForCode ? (
        <Suspense fallback={null}>
          <CodeDialogs signIn={signIn} />
        </Suspense>
      ) : null}
    </AuthLayout>
  );
}

/** The second step's dialogs: the e-mailed code, or the authenticator app's. */
function CodeDialogs({ signIn }: { signIn: ReturnType<typeof useSignIn> }) {
  return (
    <>
      <AppCodeDialog
        open={signIn.pendingEmail !== null && signIn.usesApp}
        onClose={signIn.cancelCode}
        onVerified={signIn.onVerified}
      />
      <CodeDialog
        open={signIn.pendingEmail !== null && !signIn.usesApp}
        onOpenChange={(open) => {
          if (!open) {
            signIn.cancelCode();
          }
        }}
        email={signIn.pendingEmail ?? ""}
        isPasswordUnconfirmed={signIn.isPasswordUnconfirmed}
        sendCode={sendSignInCode}
        verifyCode={verifySignInCode}
        onVerified={signIn.onVerified}
        onUseAuthenticator={signIn.isPasswordUnconfirmed ? signIn.switchToApp : undefined}
      />
    </>
  );
}
