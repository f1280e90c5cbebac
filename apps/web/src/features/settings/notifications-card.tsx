import { NotificationSettings } from "@ferry/core/contracts/settings";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Label } from "../../components/ui/label.tsx";
import { Switch } from "../../components/ui/switch.tsx";
import { t } from "../../i18n/i18n.tsx";
import {
  browserNotificationPermission,
  requestBrowserNotificationPermission,
} from "../../lib/browser-notifications.ts";
import { useSaveNotificationSettings } from "./api/settings.ts";
import { NOTIFICATIONS_CARD } from "./content.ts";
import { SaveButton, SettingsCard, sectionSubmitOf } from "./settings-card.tsx";

/** Why push cannot be switched on here, or null when it can. */
function pushBlockedReason(): string | null {
  const permission = browserNotificationPermission();
  if (permission === "unsupported") {
    return t(NOTIFICATIONS_CARD.pushUnsupported);
  }
  return permission === "denied" ? t(NOTIFICATIONS_CARD.pushDenied) : null;
}

export function NotificationsCard({ settings }: { settings: NotificationSettings }) {
  const save = useSaveNotificationSettings();
  const [pushProblem, setPushProblem] = useState<string | null>(null);
  const form = useForm<NotificationSettings>({ resolver: zodResolver(NotificationSettings), defaultValues: settings });

  /** Push is switched on only once the browser allows it: asked from this click. */
  async function changePush(isOn: boolean, onChange: (value: boolean) => void) {
    if (!isOn) {
      onChange(false);
      return;
    }
    const permission =
      browserNotificationPermission() === "granted" ? "granted" : await requestBrowserNotificationPermission();
    if (permission !== "granted") {
      setPushProblem(pushBlockedReason() ?? t(NOTIFICATIONS_CARD.pushDenied));
      onChange(false);
      return;
    }
    setPushProblem(null);
    onChange(true);
  }

  return (
    <SettingsCard
      section="notifications"
      title={t(NOTIFICATIONS_CARD.title)}
      description={t(NOTIFICATIONS_CARD.description)}
    >
      <form className="grid gap-5" onSubmit={sectionSubmitOf("notifications", form, save)} noValidate>
        {NOTIFICATIONS_CARD.switches.map((item) => (
          <Controller
            key={item.name}
            control={form.control}
            name={item.name}
            render={({ field }) => (
              <div className="flex items-start justify-between gap-4">
                <div className="grid gap-1">
                  <Label htmlFor={item.name}>{t(item.label)}</Label>
                  <p id={`${item.name}-hint`} className="text-xs text-muted-foreground">
                    {t(item.hint)}
                  </p>
                  {item.name === "pushNotifications" && pushProblem ? (
                    <p role="alert" className="text-xs font-medium text-destructive">
                      {pushProblem}
                    </p>
                  ) : null}
                </div>
                <Switch
                  id={item.name}
                  aria-describedby={`${item.name}-hint`}
                  checked={field.value}
                  onBlur={field.onBlur}
                  onCheckedChange={(isOn) =>
                    item.name === "pushNotifications" ? changePush(isOn, field.onChange) : field.onChange(isOn)
                  }
                />
              </div>
            )}
          />
        ))}
        <SaveButton isPending={save.isPending} />
      </form>
    </SettingsCard>
  );
}
