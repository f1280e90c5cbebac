import { Smartphone, Trash2 } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { t } from "../../../i18n/i18n.tsx";
import { useAuthenticator } from "../api/authenticator.ts";
import { AUTHENTICATOR_TEXT, EnrolAuthenticatorDialog, RemoveAuthenticatorDialog } from "./authenticator-dialogs.tsx";

const LOAD_FAILED = "Failed to load your authenticator app.";

/**
 * Security Settings' authenticator app (TOTP, decision 036): set it up with a QR code and a confirming
 * code (then ten backup codes, shown once), or remove it with a current code or a backup code.
 */
export function AuthenticatorSection() {
  const authenticator = useAuthenticator();
  const [dialog, setDialog] = useState<"enrol" | "remove" | null>(null);
  const status = authenticator.data;

  return (
    <section aria-labelledby="authenticator-title" className="grid gap-3 border-t pt-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h4 id="authenticator-title" className="flex items-center gap-2 font-semibold">
            {t(AUTHENTICATOR_TEXT.title)}
            {status ? (
              <Badge variant={status.isEnrolled ? "success" : "neutral"}>
                {status.isEnrolled ? t(AUTHENTICATOR_TEXT.on) : t(AUTHENTICATOR_TEXT.off)}
              </Badge>
            ) : null}
          </h4>
          <p className="text-sm text-muted-foreground">{t(AUTHENTICATOR_TEXT.description)}</p>
          {status?.isEnrolled ? (
            <p className="text-sm text-muted-foreground">
              {t("{count, plural, one {# backup code left} other {# backup codes left}}", {
                count: status.backupCodesLeft,
              })}
            </p>
          ) : null}
        </div>
        {status && !status.isEnrolled ? (
          <Button variant="outline" onClick={() => setDialog("enrol")}>
            <Smartphone aria-hidden="true" />
            {t(AUTHENTICATOR_TEXT.setUp)}
          </Button>
        ) : null}
        {status?.isEnrolled ? (
          <Button variant="outline" onClick={() => setDialog("remove")}>
            <Trash2 aria-hidden="true" />
            {t(AUTHENTICATOR_TEXT.remove)}
          </Button>
        ) : null}
      </div>
      {authenticator.isPending ? <Skeleton className="h-10 w-full" /> : null}
      {authenticator.isError ? <p className="text-sm text-destructive">{t(LOAD_FAILED)}</p> : null}
      <EnrolAuthenticatorDialog open={dialog === "enrol"} onClose={() => setDialog(null)} />
      <RemoveAuthenticatorDialog open={dialog === "remove"} onClose={() => setDialog(null)} />
    </section>
  );
}
