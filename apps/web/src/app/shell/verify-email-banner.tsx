import type { Profile } from "@ferry/core/contracts/profile";
import { MESSAGES, TOASTS } from "@ferry/core/messages";
import { useQueryClient } from "@tanstack/react-query";
import { TriangleAlertIcon } from "lucide-react";
import { lazy, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { sendEmailVerificationCode, verifyEmailCode } from "../../features/auth/api/auth-calls.ts";
import { t, translateText } from "../../i18n/i18n.tsx";
import { meQueryKey } from "../../lib/queries/session.ts";
import { toastSuccess } from "../../lib/toasts.ts";
import { LazyDialog } from "../lazy.tsx";

// Fetched when first opened: the code dialog carries the code's schema, and zod with it.
const CodeDialog = lazy(async () => ({
  default: (await import("../../features/auth/components/code-dialog.tsx")).CodeDialog,
}));

/** The warning banner of an unverified profile, with its Verify Email button and code dialog. */
export function VerifyEmailBanner({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  if (profile.emailVerified) {
    return null;
  }
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 border-b border-yellow-200 bg-yellow-50 px-4 py-3 text-sm text-yellow-900 sm:flex-row sm:items-center sm:px-6"
    >
      <TriangleAlertIcon className="hidden size-5 shrink-0 sm:block" />
      <p className="flex-1">{translateText(MESSAGES.verifyEmailBanner)}</p>
      <Button size="sm" onClick={() => setIsDialogOpen(true)}>
        {t("Verify Email")}
      </Button>
      <LazyDialog
        dialog={CodeDialog}
        open={isDialogOpen}
        onOpenChange={setIsDialogOpen}
        email={profile.email}
        title={t("Verify your email")}
        sendCode={() => sendEmailVerificationCode(profile.email)}
        verifyCode={(code) => verifyEmailCode(profile.email, code)}
        onVerified={() => {
          setIsDialogOpen(false);
          toastSuccess(TOASTS.emailVerified);
          void queryClient.invalidateQueries({ queryKey: meQueryKey });
        }}
      />
    </div>
  );
}
