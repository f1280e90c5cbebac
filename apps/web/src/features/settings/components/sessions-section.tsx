import type { SessionItem } from "@ferry/core/contracts/sessions";
import { Monitor } from "lucide-react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { formatDateTime, formatRelativeTime } from "../../../lib/format-date-time.ts";
import { toastServerError, toastSuccess, useErrorToast } from "../../../lib/toasts.ts";
import { useRevokeOtherSessions, useRevokeSession, useSessions } from "../api/sessions.ts";

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
} as const;

function SessionRow({ session }: { session: SessionItem }) {
  const revoke = useRevokeSession();
  const label = `${session.device}, ${session.ipAddress ?? SESSIONS_TEXT.unknownAddress}`;
  async function signOut() {
    try {
      await revoke.mutateAsync(session.id);
      toastSuccess(SESSIONS_TEXT.signedOut, label);
    } catch (error) {
      toastServerError(error, SESSIONS_TEXT.revokeFailed);
    }
  }
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="flex min-w-0 items-start gap-3">
        <Monitor aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {session.device}
            {session.isCurrent ? <Badge>{SESSIONS_TEXT.thisDevice}</Badge> : null}
          </p>
          <p className="text-sm text-muted-foreground">
            {session.ipAddress ?? SESSIONS_TEXT.unknownAddress} · Last seen {formatRelativeTime(session.lastActiveAt)} ·
            Signed in {formatDateTime(session.createdAt)}
          </p>
        </div>
      </div>
      {session.isCurrent ? null : (
        <Button
          variant="outline"
          size="sm"
          onClick={signOut}
          disabled={revoke.isPending}
          aria-label={`${SESSIONS_TEXT.signOut}: ${label}`}
        >
          {SESSIONS_TEXT.signOut}
        </Button>
      )}
    </li>
  );
}

/** Security Settings' active sessions: device, address and last seen, with "Sign out" per session. */
export function SessionsSection() {
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  useErrorToast(sessions.error, SESSIONS_TEXT.loadFailed);
  const items = sessions.data?.items ?? [];
  const hasOthers = items.some((session) => !session.isCurrent);

  async function signOutOthers() {
    try {
      const { revoked } = await revokeOthers.mutateAsync(undefined);
      toastSuccess(SESSIONS_TEXT.signedOutOthers, `${revoked} other session${revoked === 1 ? "" : "s"} signed out.`);
    } catch (error) {
      toastServerError(error, SESSIONS_TEXT.revokeFailed);
    }
  }

  return (
    <section aria-labelledby="active-sessions-title" className="space-y-2 border-t pt-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h4 id="active-sessions-title" className="font-semibold">
            {SESSIONS_TEXT.title}
          </h4>
          <p className="text-sm text-muted-foreground">{SESSIONS_TEXT.description}</p>
        </div>
        {hasOthers ? (
          <Button variant="outline" size="sm" onClick={signOutOthers} disabled={revokeOthers.isPending}>
            {SESSIONS_TEXT.signOutOthers}
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
