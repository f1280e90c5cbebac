import { ShieldAlertIcon } from "lucide-react";
import { Link } from "react-router";
import { t } from "../i18n/i18n.tsx";
import { Button } from "./ui/button.tsx";
import { Card, CardContent } from "./ui/card.tsx";

/** What an admin page shows anyone else who reaches it (spec §6), the server refusing its data too. */
export function AccessDenied() {
  return (
    <Card className="mx-auto mt-8 max-w-md">
      <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-red-50 text-red-700">
          <ShieldAlertIcon className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-xl font-bold">{t("Access Denied")}</h1>
        <p className="text-sm text-muted-foreground">{t("You don't have permission to access this page.")}</p>
        <Button asChild variant="outline">
          <Link to="/dashboard">{t("Go to Dashboard")}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
