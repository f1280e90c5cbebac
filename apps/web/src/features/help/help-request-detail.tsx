import { HELP_MESSAGES, type HelpRequestDetail, RESPONSE_TARGET_HOURS } from "@ferry/core/contracts/help";
import { LockIcon, PlusIcon } from "lucide-react";
import { formatTargetHours, HelpPriorityBadge, HelpStatusBadge } from "../../components/help/help-badges.tsx";
import { HelpConversation } from "../../components/help/help-conversation.tsx";
import { HelpReplyBox } from "../../components/help/help-reply-box.tsx";
import { HelpRequestFrame } from "../../components/help/help-request-frame.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "../../components/ui/card.tsx";
import { t, translateText } from "../../i18n/i18n.tsx";
import { formatDateTime, formatDueTime } from "../../lib/format-date-time.ts";
import { toastFailure, toastSuccess } from "../../lib/toasts.ts";
import { useHelpRequest } from "./api/get-help-request.ts";
import { useReplyToHelpRequest } from "./api/reply-to-help-request.ts";

/** While support has not answered yet: when they aim to (spec §9). */
function ResponseTarget({ request }: { request: HelpRequestDetail }) {
  if (request.status !== "open" || request.responses.some((response) => response.isAdminResponse)) {
    return null;
  }
  return (
    <p className="text-sm text-muted-foreground">
      {t("Support aims to reply within {within}, by {due}.", {
        within: formatTargetHours(RESPONSE_TARGET_HOURS[request.priority]),
        due: formatDueTime(request.dueAt),
      })}
    </p>
  );
}

function Reply({ request, onNewRequest }: { request: HelpRequestDetail; onNewRequest: () => void }) {
  const reply = useReplyToHelpRequest();
  if (request.status === "closed") {
    return (
      <div
        role="note"
        className="flex flex-col gap-3 rounded-md border border-border bg-muted/60 p-4 text-sm sm:flex-row sm:items-center"
      >
        <LockIcon className="hidden size-5 shrink-0 text-muted-foreground sm:block" aria-hidden="true" />
        <p className="flex-1">{translateText(HELP_MESSAGES.closed)}.</p>
        <Button variant="outline" size="sm" onClick={onNewRequest}>
          <PlusIcon /> {t("New Request")}
        </Button>
      </div>
    );
  }
  return (
    <HelpReplyBox
      isSending={reply.isPending}
      onSend={(message) =>
        reply.mutateAsync(
          { helpRequestId: request.id, reply: message },
          {
            onSuccess: () => toastSuccess(t("Response Sent")),
            onError: (error) => toastFailure(t("Failed to send response"), error),
          },
        )
      }
    />
  );
}

/** One of the customer's requests: its conversation oldest first, and the reply box while it is not closed. */
export function HelpRequestDetailView(props: { helpRequestId: string; onBack: () => void; onNewRequest: () => void }) {
  const request = useHelpRequest(props.helpRequestId);
  return (
    <HelpRequestFrame
      query={request}
      onBack={props.onBack}
      missingHint={t("It may have been opened from another account.")}
    >
      {(data) => (
        <Card>
          <CardHeader className="gap-3 border-b border-border">
            <h2 className="break-words text-xl font-semibold leading-tight">{data.subject}</h2>
            <div className="flex flex-wrap items-center gap-1.5">
              <HelpStatusBadge status={data.status} />
              <HelpPriorityBadge priority={data.priority} />
              <span className="text-xs text-muted-foreground">
                <time dateTime={data.createdAt}>{t("Opened {date}", { date: formatDateTime(data.createdAt) })}</time>
              </span>
            </div>
            <ResponseTarget request={data} />
          </CardHeader>
          <CardContent className="grid gap-6 pt-6">
            <HelpConversation request={data} viewer="customer" />
            <div className="border-t border-border pt-5">
              <Reply request={data} onNewRequest={props.onNewRequest} />
            </div>
          </CardContent>
        </Card>
      )}
    </HelpRequestFrame>
  );
}
