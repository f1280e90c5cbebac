import type { MessageKey } from "@ferry/core/i18n/catalog";
import { useState } from "react";
import { DialogFrame } from "../../components/dialog-frame.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { t } from "../../i18n/i18n.tsx";
import { useErrorToast } from "../../lib/toasts.ts";
import { useAdminUser } from "./api/get-admin-user.ts";
import { CreateHelpRequestForm, SendEmailForm } from "./contact-forms.tsx";
import { RecentHelpRequests } from "./recent-help-requests.tsx";

/** Who is contacted: enough to name them in the dialog and to address the API. */
export interface ContactedUser {
  readonly userId: string;
  readonly email: string;
  readonly name: string;
}

type ContactMode = "email" | "help";

const MODES: readonly { mode: ContactMode; label: MessageKey }[] = [
  { mode: "email", label: "Send Email" },
  { mode: "help", label: "Create Help Request" },
];

/** The user's five most recent help requests, read with the user's detail. */
function UserHelpRequests({ userId }: { userId: string }) {
  const detail = useAdminUser(userId);
  useErrorToast(detail.error, t("Failed to load help requests"));
  return (
    <section aria-labelledby="contact-recent-heading" className="grid gap-2">
      <h3 id="contact-recent-heading" className="text-sm font-semibold">
        {t("Recent help requests")}
      </h3>
      {detail.isPending ? <Skeleton className="h-16" /> : null}
      {detail.data ? <RecentHelpRequests requests={detail.data.recentHelpRequests} /> : null}
    </section>
  );
}

/**
 * Contact User (spec §2): Send Email or Create Help Request, chosen with two toggle buttons, and the
 * user's five most recent help requests underneath.
 */
export function ContactUserDialog(props: { user: ContactedUser; onClose: () => void }) {
  const { user } = props;
  const [mode, setMode] = useState<ContactMode>("email");
  return (
    <DialogFrame
      open
      onClose={props.onClose}
      title={t("Contact User")}
      description={<span className="break-all">{user.name ? `${user.name} · ${user.email}` : user.email}</span>}
      className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto"
    >
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t("How to contact the user")}</legend>
        {MODES.map((option) => (
          <Button
            key={option.mode}
            type="button"
            size="sm"
            variant={mode === option.mode ? "default" : "outline"}
            aria-pressed={mode === option.mode}
            onClick={() => setMode(option.mode)}
          >
            {t(option.label)}
          </Button>
        ))}
      </fieldset>
      {mode === "email" ? <SendEmailForm userId={user.userId} /> : <CreateHelpRequestForm userId={user.userId} />}
      <UserHelpRequests userId={user.userId} />
    </DialogFrame>
  );
}
