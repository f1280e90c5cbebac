import { AppPreferences } from "@ferry/core/contracts/settings";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Field } from "../../components/ui/field.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { t, translateText } from "../../i18n/i18n.tsx";
import { useSavePreferences } from "./api/settings.ts";
import { PREFERENCES_CARD } from "./content.ts";
import { SaveButton, SettingsCard, sectionSubmitOf } from "./settings-card.tsx";

const SELECTS = [
  { name: "language", label: PREFERENCES_CARD.languageLabel, options: PREFERENCES_CARD.languages },
  { name: "currency", label: PREFERENCES_CARD.currencyLabel, options: PREFERENCES_CARD.currencies },
  { name: "timeZone", label: PREFERENCES_CARD.timeZoneLabel, options: PREFERENCES_CARD.timeZones },
  { name: "theme", label: PREFERENCES_CARD.themeLabel, options: PREFERENCES_CARD.themes },
] as const;

/** Language names read in themselves and currency codes stay codes; the other options are translated. */
function optionLabelOf(select: (typeof SELECTS)[number]["name"], label: string): string {
  return select === "language" || select === "currency" ? label : translateText(label);
}

/** Language, display currency, time zone and theme: stored here, applied by the languages-and-themes work. */
export function PreferencesCard({ preferences }: { preferences: AppPreferences }) {
  const save = useSavePreferences();
  const form = useForm<AppPreferences>({ resolver: zodResolver(AppPreferences), defaultValues: preferences });
  const { errors } = form.formState;

  return (
    <SettingsCard section="preferences" title={t(PREFERENCES_CARD.title)} description={t(PREFERENCES_CARD.description)}>
      <form className="grid gap-4" onSubmit={sectionSubmitOf("preferences", form, save)} noValidate>
        {SELECTS.map((select) => (
          <Field key={select.name} id={select.name} label={t(select.label)} error={errors[select.name]?.message}>
            <NativeSelect
              id={select.name}
              aria-invalid={errors[select.name] ? true : undefined}
              {...form.register(select.name)}
            >
              {select.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {optionLabelOf(select.name, option.label)}
                </option>
              ))}
            </NativeSelect>
          </Field>
        ))}
        <SaveButton isPending={save.isPending} />
      </form>
    </SettingsCard>
  );
}
