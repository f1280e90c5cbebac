import type { Settings, SettingsSection } from "@ferry/core/contracts/settings";
import type { UseMutationResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { activeLanguage, loadLanguage, t, translateIn } from "../../i18n/i18n.tsx";
import { toastError, toastSuccess } from "../../lib/toasts.ts";
import { SAVED_DESCRIPTIONS, SETTINGS_PAGE } from "./content.ts";

/** One of /settings' three cards: a region named by its title, each with its own form and Save. */
export function SettingsCard(props: {
  section: SettingsSection;
  title: string;
  description: string;
  contentClassName?: string;
  children: ReactNode;
}) {
  const titleId = `settings-${props.section}-title`;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{props.title}</CardTitle>
        <CardDescription>{props.description}</CardDescription>
      </CardHeader>
      <CardContent className={props.contentClassName}>{props.children}</CardContent>
    </Card>
  );
}

/** A card's Save button, at the end of its form. */
export function SaveButton({ isPending }: { isPending: boolean }) {
  return (
    <div className="flex justify-end">
      <Button type="submit" disabled={isPending}>
        {isPending ? t(SETTINGS_PAGE.saving) : t(SETTINGS_PAGE.save)}
      </Button>
    </div>
  );
}

/**
 * Says a section was saved. A language just saved is the toast's language, not the one being left: its
 * messages are loaded first (the app loads them too, to switch to it).
 */
async function announceSaved(section: SettingsSection, saved: Settings): Promise<void> {
  const language = section === "preferences" ? saved.preferences.language : activeLanguage();
  await loadLanguage(language).catch(() => undefined);
  toastSuccess(translateIn(language, SETTINGS_PAGE.saved), translateIn(language, SAVED_DESCRIPTIONS[section]));
}

/**
 * The submit handler of a card's form: saves the section, takes the saved values as the form's new
 * starting point, and raises the spec's toasts ('Settings Updated' or 'Failed to save your preferences.').
 */
export function sectionSubmitOf<T extends FieldValues>(
  section: SettingsSection,
  form: UseFormReturn<T>,
  save: UseMutationResult<Settings, Error, T>,
) {
  return form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset(saved[section] as unknown as T);
        void announceSaved(section, saved);
      },
      onError: () => toastError(t(SETTINGS_PAGE.saveFailed)),
    }),
  );
}
