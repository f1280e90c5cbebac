import { HELP_STATUSES, type HelpRequestDetail } from "@ferry/core/contracts/help";
import { AlarmClockIcon, InfoIcon } from "lucide-react";
import {
  customerLabel,
  HELP_STATUS_LABELS,
  HelpPriorityBadge,
  HelpStatusBadge,
} from "../../components/help/help-badges.tsx";
import { HelpConversation } from "../../components/help/help-conversation.tsx";
import { HelpReplyBox } from "../../components/help/help-reply-box.tsx";
import { HelpRequestFrame } from "../../components/help/help-request-frame.tsx";
import { StatusSelect } from "../../components/status-select.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Card, CardContent, CardHeader } from "../../components/ui/card.tsx";
import { t, translateText } from "../../i18n/i18n.tsx";
import { cn } from "../../lib/cn.ts";
import { formatDateTime } from "../../lib/format-date-time.ts";
import { toastFailure, toastSuccess } from "../../lib/toasts.ts";
import { useAdminHelpRequest } from "./api/get-admin-help-request.ts";
import { useReplyAsSupport } from "./api/reply-as-support.ts";
import { useUpdateHelpStatus } from "./api/update-help-status.ts";

function HelpStatusSelect({ request }: { request: HelpRequestDetail }) {
  const update = useUpdateHelpStatus();
  return (
    <StatusSelect
      id="help-desk-status"
      label={t("Status")}
      statuses={HELP_STATUSES}
      labelOf={(status) => translateText(HELP_STATUS_LABELS[status])}
      value={update.isPending ? update.variables.status : request.status}
      isSaving={update.isPending}
      className="w-40"
      onChange={(status) => update.mutate({ helpRequestId: request.id, status })}
    />
  );
}

function Facts({ request }: { request: HelpRequestDetail }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
      <dt className="text-muted-foreground">{t("Customer")}</dt>
      <dd className="min-w-0 break-words">{customerLabel(request.customer)}</dd>
      <dt className="text-muted-foreground">{t("Opened")}</dt>
      <dd>
        <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
      </dd>
      <dt className="text-muted-foreground">{t("Due")}</dt>
      <dd className={cn("flex items-center gap-1", request.isOverdue && "font-semibold text-red-700")}>
        {request.isOverdue ? <AlarmClockIcon className="size-4" aria-hidden="true" /> : null}
        <time dateTime={request.dueAt}>{formatDateTime(request.dueAt)}</time>
        {request.isOverdue ? ` ${t("(overdue)")}` : null}
      </dd>
    </dl>
  );
}

function Reply({ request }: { request: HelpRequestDetail }) {
  const reply = useReplyAsSupport();
  return (
    <div className="grid gap-3">
      {request.status === "closed" ? (
        <p role="note" className="flex items-center gap-2 text-sm text-muted-foreground">
          <InfoIcon className="size-4 shrink-0" aria-hidden="true" />
          {t("This request is closed: the customer cannot reply until its status changes.")}
        </p>
      ) : null}
      <HelpReplyBox
        isSending={reply.isPending}
        placeholder={t("Write a reply to the customer…")}
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
    </div>
  );
}

/** One request on the desk: who asked and when it is due, the status dropdown, the conversation and the reply box. */
export function HelpDeskDetail(props: { helpRequestId: string; onBack?: () => void }) {
  const request = useAdminHelpRequest(props.helpRequestId);
  return (
    <HelpRequestFrame query={request} onBack={props.onBack} missingHint={t("Choose another request from the list.")}>
      {(data) => (
        <Card>
          <CardHeader className="gap-4 border-b border-border">
            <div className="grid gap-2">
              <h2 className="break-words text-xl font-semibold leading-tight">{data.subject}</h2>
              <div className="flex flex-wrap items-center gap-1.5">
                <HelpStatusBadge status={data.status} />
                <HelpPriorityBadge priority={data.priority} />
                {data.isOverdue ? <Badge variant="destructive">{t("Overdue")}</Badge> : null}
              </div>
            </div>
            <Facts request={data} />
            <HelpStatusSelect request={data} />
          </CardHeader>
          <CardContent className="grid gap-6 pt-6">
            <HelpConversation request={data} viewer="admin" />
            <div className="border-t border-border pt-5">
              <Reply request={data} />
            </div>
          </CardContent>
        </Card>
      )}
    </HelpRequestFrame>
  );
}
