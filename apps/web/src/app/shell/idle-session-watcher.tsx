import { IDLE_WARNING_SECONDS } from "@ferry/core/session-headers";
import { useEffect, useState, useSyncExternalStore } from "react";
import { Button } from "../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog.tsx";
import { t } from "../../i18n/i18n.tsx";
import { api } from "../../lib/api.ts";
import {
  idleDeadlineMs,
  type SignOutReason,
  subscribeIdleDeadline,
  subscribeSignOutElsewhere,
} from "../../lib/idle-session.ts";

/**
 * The idle session timeout in the signed-in shell (decision 038): a minute before the server's figure
 * runs out, "You will be signed out soon"; "Stay signed in" makes a real request (the person's
 * activity), which gives the session its full time again; at the end, `onExpired` signs out. The
 * deadline is shared by the browser's tabs (lib/idle-session.ts); when another tab signs out,
 * `onSignedOutElsewhere` leaves this one too.
 */
export function IdleSessionWatcher({
  onExpired,
  onSignedOutElsewhere,
}: {
  onExpired: () => void;
  onSignedOutElsewhere: (reason: SignOutReason) => void;
}) {
  const deadline = useSyncExternalStore(subscribeIdleDeadline, idleDeadlineMs);
  const [isWarning, setIsWarning] = useState(false);
  const [isStaying, setIsStaying] = useState(false);

  useEffect(() => subscribeSignOutElsewhere(onSignedOutElsewhere), [onSignedOutElsewhere]);

  useEffect(() => {
    if (deadline === null) {
      setIsWarning(false);
      return;
    }
    const warnInMs = deadline - IDLE_WARNING_SECONDS * 1000 - Date.now();
    setIsWarning(warnInMs <= 0);
    const warning = warnInMs > 0 ? setTimeout(() => setIsWarning(true), warnInMs) : undefined;
    const expiry = setTimeout(onExpired, Math.max(0, deadline - Date.now()));
    return () => {
      clearTimeout(warning);
      clearTimeout(expiry);
    };
  }, [deadline, onExpired]);

  async function staySignedIn() {
    setIsStaying(true);
    try {
      // Any signed-in request the person makes counts; its answer moves the deadline (lib/api.ts).
      await api.GET("/api/v1/me");
    } finally {
      setIsStaying(false);
    }
  }

  return (
    <Dialog open={isWarning} onOpenChange={(open) => (open ? undefined : void staySignedIn())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("You will be signed out soon")}</DialogTitle>
          <DialogDescription>
            {t(
              "You have been inactive for a while. For your security, Ferry signs you out in a minute unless you stay.",
            )}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button onClick={staySignedIn} disabled={isStaying}>
            {t("Stay signed in")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
