import { SecuritySettings } from "@ferry/core/contracts/settings";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Field } from "../../components/ui/field.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { t } from "../../i18n/i18n.tsx";
import { useSaveSecuritySettings } from "./api/settings.ts";
import { AuthenticatorSection } from "./components/authenticator-section.tsx";
import { PasskeysSection } from "./components/passkeys-section.tsx";
import { SessionsSection } from "./components/sessions-section.tsx";
import { SECURITY_CARD } from "./content.ts";
import { SaveButton, SettingsCard, sectionSubmitOf } from "./settings-card.tsx";

/** The session timeout, saved with this card's button; then the authenticator, passkeys and sessions. */
export function SecurityCard({ settings }: { settings: SecuritySettings }) {
  const save = useSaveSecuritySettings();
  const form = useForm<SecuritySettings>({ resolver: zodResolver(SecuritySettings), defaultValues: settings });
  const error = form.formState.errors.sessionTimeout?.message;

  return (
    <SettingsCard
      section="security"
      title={t(SECURITY_CARD.title)}
      description={t(SECURITY_CARD.description)}
      contentClassName="grid gap-6"
    >
      <form className="grid gap-4" onSubmit={sectionSubmitOf("security", form, save)} noValidate>
        <Field
          id="sessionTimeout"
          label={t(SECURITY_CARD.sessionTimeoutLabel)}
          hint={t(SECURITY_CARD.sessionTimeoutHint)}
          error={error}
        >
          <NativeSelect
            id="sessionTimeout"
            aria-invalid={error ? true : undefined}
            {...form.register("sessionTimeout")}
          >
            {SECURITY_CARD.sessionTimeouts.map((value) => (
              <option key={value} value={value}>
                {value === "never"
                  ? // The spec's 'Never'; the select tells Chinese it from the past 'Never' (从未).
                    t("{when, select, future {Never} other {Never}}", { when: "future" })
                  : t("{count} minutes", { count: Number(value) })}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <SaveButton isPending={save.isPending} />
      </form>
      <AuthenticatorSection />
      <PasskeysSection />
      <SessionsSection />
    </SettingsCard>
  );
}
