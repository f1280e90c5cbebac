import type { UseFormRegisterReturn } from "react-hook-form";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { PasswordInput } from "../../../components/ui/password-input.tsx";
import { t } from "../../../i18n/i18n.tsx";

/**
 * The e-mail and password inputs that signing in and signing up share, each with its error beside it.
 * The password's autocomplete tells a password manager which one to offer: the saved password
 * (`current-password`) or a new one (`new-password`).
 */
export function CredentialFields(props: {
  email: UseFormRegisterReturn<"email">;
  password: UseFormRegisterReturn<"password">;
  emailError: string | undefined;
  passwordError: string | undefined;
  passwordAutoComplete: "current-password" | "new-password";
  passwordDescribedBy?: string;
}) {
  return (
    <>
      <Field id="email" label={t("Email")} error={props.emailError}>
        <Input
          id="email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          aria-invalid={props.emailError ? true : undefined}
          {...props.email}
        />
      </Field>
      <Field id="password" label={t("Password")} error={props.passwordError}>
        <PasswordInput
          id="password"
          autoComplete={props.passwordAutoComplete}
          aria-invalid={props.passwordError ? true : undefined}
          aria-describedby={props.passwordDescribedBy}
          {...props.password}
        />
      </Field>
    </>
  );
}
