import { describeDevice, type SessionItem } from "@ferry/core/contracts/sessions";
import type { MessageKey } from "@ferry/core/i18n/catalog";
import { Monitor } from "lucide-react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { t } from "../../../i18n/i18n.tsx";
import { formatDateTime, formatRelativeTime } from "../../../lib/format-date-time.ts";
import { toastServerError, toastSuccess, useErrorToast } from "../../../lib/toasts.ts";
import { useRevokeOtherSessions, useRevokeSession, useSessions } from "../api/sessions.ts";

/** English keys, read through `t()` when rendering (issue 29). */
const SESSIONS_TEXT = {
  title: "Active sessions",
  description: "Where your account is signed in. Sign out any session you do not recognise.",
  thisDevice: "This device",
  signOut: "Sign out",
  signOutOthers: "Sign out everywhere else",
  signedOut: "Session signed out",
  signedOutOthers: "Signed out everywhere else",
  loadFailed: "Failed to load your sessions.",
  revokeFailed: "Could not sign out the session",
  unknownAddress: "Unknown address",
} as const satisfies Record<string, MessageKey>;

function SessionRow({ session }: { session: SessionItem }) {
  const revoke = useRevokeSession();
  // In the reader's language ("Chrome unter Windows"); the API's `device` is its English.
  const device = describeDevice(session, t);
  const label = `${device}, ${session.ipAddress ?? t(SESSIONS_TEXT.unknownAddress)}`;
  async function signOut() {
    try {
      await revoke.mutateAsync(session.id);
      toastSuccess(t(SESSIONS_TEXT.signedOut), label);
    } catch (error) {
      toastServerError(error, t(SESSIONS_TEXT.revokeFailed));
    }
  }
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="flex min-w-0 items-start gap-3">
        <Monitor aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {device}
            {session.isCurrent ? <Badge>{t(SESSIONS_TEXT.thisDevice)}</Badge> : null}
          </p>
          <p className="text-sm text-muted-foreground">
            {t("{address} · Last seen {lastSeen} · Signed in {signedIn}", {
              address: session.ipAddress ?? t(SESSIONS_TEXT.unknownAddress),
              lastSeen: formatRelativeTime(session.lastActiveAt),
              signedIn: formatDateTime(session.createdAt),
            })}
          </p>
        </div>
      </div>
      {session.isCurrent ? null : (
        <Button
          variant="outline"
          size="sm"
          onClick={signOut}
          disabled={revoke.isPending}
          aria-label={t("Sign out: {session}", { session: label })}
        >
          {t(SESSIONS_TEXT.signOut)}
        </Button>
      )}
    </li>
  );
}

/** Security Settings' active sessions: device, address and last seen, with "Sign out" per session. */
export function SessionsSection() {
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  useErrorToast(sessions.error, t(SESSIONS_TEXT.loadFailed));
  const items = sessions.data?.items ?? [];
  const hasOthers = items.some((session) => !session.isCurrent);

  async function signOutOthers() {
    try {
      const { revoked } = await revokeOthers.mutateAsync(undefined);
      toastSuccess(
        t(SESSIONS_TEXT.signedOutOthers),
        t("{count, plural, one {# other session signed out.} other {# other sessions signed out.}}", {
          count: revoked,
        }),
      );
    } catch (error) {
      toastServerError(error, t(SESSIONS_TEXT.revokeFailed));
    }
  }

  return (
    <section aria-labelledby="active-sessions-title" className="space-y-2 border-t pt-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h4 id="active-sessions-title" className="font-semibold">
            {t(SESSIONS_TEXT.title)}
          </h4>
          <p className="text-sm text-muted-foreground">{t(SESSIONS_TEXT.description)}</p>
        </div>
        {hasOthers ? (
          <Button variant="outline" size="sm" onClick={signOutOthers} disabled={revokeOthers.isPending}>
            {t(SESSIONS_TEXT.signOutOthers)}
          </Button>
        ) : null}
      </div>
      {sessions.isPending ? <Skeleton className="h-14 w-full" /> : null}
      <ul className="divide-y">
        {items.map((session) => (
          <SessionRow key={session.id} session={session} />
        ))}
      </ul>
    </section>
  );
}
