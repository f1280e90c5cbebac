import { SecuritySettings } from "@ferry/core/contracts/settings";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { toastError, toastSuccess } from "../../lib/toasts.ts";
import { useSaveSecuritySettings } from "./api/settings.ts";
import { AuthenticatorSection } from "./components/authenticator-section.tsx";
import { PasskeysSection } from "./components/passkeys-section.tsx";
import { SessionsSection } from "./components/sessions-section.tsx";
import { SECURITY_CARD, SETTINGS_PAGE, savedDescriptionOf } from "./content.ts";

/** The session timeout, saved with this card's button; then the authenticator, passkeys and sessions. */
export function SecurityCard({ settings }: { settings: SecuritySettings }) {
  const save = useSaveSecuritySettings();
  const form = useForm<SecuritySettings>({ resolver: zodResolver(SecuritySettings), defaultValues: settings });
  const error = form.formState.errors.sessionTimeout?.message;

  function onSubmit(values: SecuritySettings) {
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset(saved.security);
        toastSuccess(SETTINGS_PAGE.saved, savedDescriptionOf("security"));
      },
      onError: () => toastError(SETTINGS_PAGE.saveFailed),
    });
  }

  return (
    <Card role="region" aria-labelledby="settings-security-title">
      <CardHeader>
        <CardTitle id="settings-security-title">{SECURITY_CARD.title}</CardTitle>
        <CardDescription>{SECURITY_CARD.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <form className="grid gap-4" onSubmit={form.handleSubmit(onSubmit)} noValidate>
          <Field
            id="sessionTimeout"
            label={SECURITY_CARD.sessionTimeoutLabel}
            hint={SECURITY_CARD.sessionTimeoutHint}
            error={error}
          >
            <NativeSelect
              id="sessionTimeout"
              aria-invalid={error ? true : undefined}
              {...form.register("sessionTimeout")}
            >
              {SECURITY_CARD.sessionTimeouts.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? SETTINGS_PAGE.saving : SETTINGS_PAGE.save}
            </Button>
          </div>
        </form>
        <AuthenticatorSection />
        <PasskeysSection />
        <SessionsSection />
      </CardContent>
    </Card>
  );
}
