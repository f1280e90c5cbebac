import { PageHeader } from "../../components/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { t } from "../../i18n/i18n.tsx";
import { useErrorToast } from "../../lib/toasts.ts";
import { useSettings } from "./api/settings.ts";
import { SETTINGS_PAGE } from "./content.ts";
import { NotificationsCard } from "./notifications-card.tsx";
import { PreferencesCard } from "./preferences-card.tsx";
import { SecurityCard } from "./security-card.tsx";

function SettingsSkeleton() {
  return (
    <div className="grid max-w-3xl gap-6" role="status" aria-busy="true" aria-label={t("Loading your preferences")}>
      <Skeleton className="h-72" />
      <Skeleton className="h-56" />
      <Skeleton className="h-72" />
    </div>
  );
}

/** The three cards in the spec's order, or the loading and failure states. */
function SettingsCards() {
  const { data: settings, error } = useSettings();
  useErrorToast(error, t(SETTINGS_PAGE.loadFailed));
  if (error) {
    return <p className="text-muted-foreground">{t(SETTINGS_PAGE.loadFailed)}</p>;
  }
  if (!settings) {
    return <SettingsSkeleton />;
  }
  return (
    <div className="grid max-w-3xl gap-6">
      <NotificationsCard settings={settings.notifications} />
      <SecurityCard settings={settings.security} />
      <PreferencesCard preferences={settings.preferences} />
    </div>
  );
}

/** `/settings` (SPEC §2): three cards, each saved with its own button. */
export function SettingsPage() {
  return (
    <>
      <PageHeader title={t(SETTINGS_PAGE.title)} description={t(SETTINGS_PAGE.description)} />
      <SettingsCards />
    </>
  );
}
