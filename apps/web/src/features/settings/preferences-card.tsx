import { AppPreferences } from "@ferry/core/contracts/settings";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { toastError, toastSuccess } from "../../lib/toasts.ts";
import { useSavePreferences } from "./api/settings.ts";
import { PREFERENCES_CARD, SETTINGS_PAGE, savedDescriptionOf } from "./content.ts";

const SELECTS = [
  { name: "language", label: PREFERENCES_CARD.languageLabel, options: PREFERENCES_CARD.languages },
  { name: "currency", label: PREFERENCES_CARD.currencyLabel, options: PREFERENCES_CARD.currencies },
  { name: "timeZone", label: PREFERENCES_CARD.timeZoneLabel, options: PREFERENCES_CARD.timeZones },
  { name: "theme", label: PREFERENCES_CARD.themeLabel, options: PREFERENCES_CARD.themes },
] as const;

/** Language, display currency, time zone and theme: stored here, applied by the languages-and-themes work. */
export function PreferencesCard({ preferences }: { preferences: AppPreferences }) {
  const save = useSavePreferences();
  const form = useForm<AppPreferences>({ resolver: zodResolver(AppPreferences), defaultValues: preferences });
  const { errors } = form.formState;

  function onSubmit(values: AppPreferences) {
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset(saved.preferences);
        toastSuccess(SETTINGS_PAGE.saved, savedDescriptionOf("preferences"));
      },
      onError: () => toastError(SETTINGS_PAGE.saveFailed),
    });
  }

  return (
    <Card role="region" aria-labelledby="settings-preferences-title">
      <CardHeader>
        <CardTitle id="settings-preferences-title">{PREFERENCES_CARD.title}</CardTitle>
        <CardDescription>{PREFERENCES_CARD.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={form.handleSubmit(onSubmit)} noValidate>
          {SELECTS.map((select) => (
            <Field key={select.name} id={select.name} label={select.label} error={errors[select.name]?.message}>
              <NativeSelect
                id={select.name}
                aria-invalid={errors[select.name] ? true : undefined}
                {...form.register(select.name)}
              >
                {select.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          ))}
          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? SETTINGS_PAGE.saving : SETTINGS_PAGE.save}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
