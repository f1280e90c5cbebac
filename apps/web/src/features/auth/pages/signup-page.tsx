import {
  isValidPassword,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULES,
  PASSWORD_SYMBOLS,
  SignUpRequest,
} from "@ferry/core/contracts/auth";
import { MESSAGES, TOASTS } from "@ferry/core/messages";
import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2Icon, CircleIcon } from "lucide-react";
import { type FieldErrors, useForm, useWatch } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import type { z } from "zod";
import { MessageWithNodes } from "../../../components/message-with-node.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { t, translateText } from "../../../i18n/i18n.tsx";
import { showServerFieldErrors } from "../../../lib/server-field-errors.ts";
import { toastError, toastFailure, toastSuccess } from "../../../lib/toasts.ts";
import { signUp } from "../api/auth-calls.ts";
import { AuthLayout } from "../components/auth-layout.tsx";
import { CredentialFields } from "../components/credential-fields.tsx";

/**
 * The words of a password rule. Core builds two of them from its constants, so they are read as
 * messages taking those values (and so belong to the messages a visitor downloads); the others are
 * plain catalog texts.
 */
function ruleLabelOf(label: string): string {
  if (label === `At least ${PASSWORD_MIN_LENGTH} characters`) {
    return t("At least {count} characters", { count: PASSWORD_MIN_LENGTH });
  }
  if (label === `1 number or symbol (${PASSWORD_SYMBOLS})`) {
    return t("1 number or symbol ({symbols})", { symbols: PASSWORD_SYMBOLS });
  }
  return translateText(label);
}

/** The password rules, each ticked as the typed password meets it. */
function PasswordRules({ password }: { password: string }) {
  return (
    <div id="password-rules" className="rounded-md bg-muted p-3 text-xs text-muted-foreground">
      <p className="mb-2">{translateText(MESSAGES.passwordHint)}</p>
      <ul className="grid grid-cols-2 gap-1">
        {PASSWORD_RULES.map((rule) => {
          const isMet = rule.test(password);
          return (
            <li
              key={rule.label}
              className={isMet ? "flex items-center gap-1 text-green-700" : "flex items-center gap-1"}
            >
              {isMet ? <CheckCircle2Icon className="size-3.5" /> : <CircleIcon className="size-3.5" />}
              {ruleLabelOf(rule.label)}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** What creating an account agrees to. */
function TermsNote() {
  return (
    <p className="text-center text-xs text-muted-foreground">
      <MessageWithNodes
        translate={(terms, privacy) =>
          t("By creating an account you agree to our {terms} and {privacy}.", { terms, privacy })
        }
        nodes={[
          <Link key="terms" to="/terms" className="underline">
            {t("Terms of Service")}
          </Link>,
          <Link key="privacy" to="/privacy" className="underline">
            {t("Privacy Policy")}
          </Link>,
        ]}
      />
    </p>
  );
}

/** The page's footer: the way to sign in instead. */
function SignInInstead() {
  return (
    <>
      {t("Already have an account?")}{" "}
      <Link to="/login" className="font-medium text-primary hover:underline">
        {t("Sign in")}
      </Link>
    </>
  );
}

export function SignupPage() {
  const navigate = useNavigate();
  const form = useForm<z.input<typeof SignUpRequest>, unknown, SignUpRequest>({
    resolver: zodResolver(SignUpRequest),
    defaultValues: { email: "", password: "" },
  });
  const [email, password] = useWatch({ control: form.control, name: ["email", "password"] });
  const canSubmit = email.trim() !== "" && password !== "" && isValidPassword(password);
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(values: SignUpRequest) {
    try {
      await signUp(values);
      toastSuccess(TOASTS.accountCreated, "We e-mailed you a link to verify your address. You can sign in now.");
      navigate("/login");
    } catch (error) {
      showServerFieldErrors(form.setError, error, ["email", "password"]);
      toastFailure(TOASTS.signupFailed, error, MESSAGES.unexpectedError);
    }
  }

  // Spec §5: a missing field and a weak password each have their own toast.
  function onInvalid(invalid: FieldErrors<z.input<typeof SignUpRequest>>) {
    if (!email.trim() || !password) {
      toastError(MESSAGES.missingInformation);
      return;
    }
    toastError(invalid.password ? MESSAGES.invalidPassword : (invalid.email?.message ?? MESSAGES.missingInformation));
  }

  return (
    <AuthLayout
      title={t("Create your account")}
      subtitle={t("Open a free personal account in a minute.")}
      footer={<SignInInstead />}
    >
      <form className="grid gap-5" onSubmit={form.handleSubmit(onSubmit, onInvalid)} noValidate>
        <CredentialFields
          email={form.register("email")}
          password={form.register("password")}
          emailError={errors.email?.message}
          passwordError={errors.password?.message}
          passwordAutoComplete="new-password"
          passwordDescribedBy="password-rules"
        />
        <PasswordRules password={password} />
        <Button type="submit" size="lg" disabled={!canSubmit || isSubmitting}>
          {isSubmitting ? t("Creating account…") : t("Create Account")}
        </Button>
        <TermsNote />
      </form>
    </AuthLayout>
  );
}
