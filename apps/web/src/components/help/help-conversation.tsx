import type { HelpAttachment, HelpRequestDetail } from "@ferry/core/contracts/help";
import { HeadsetIcon } from "lucide-react";
import { t } from "../../i18n/i18n.tsx";
import { cn } from "../../lib/cn.ts";
import { formatDateTime } from "../../lib/format-date-time.ts";
import { Badge } from "../ui/badge.tsx";
import { AttachmentList } from "./help-attachments.tsx";

/** Who reads the conversation: the customer (support's messages say 'Support') or the help desk ('Admin'). */
export type ConversationViewer = "customer" | "admin";

interface Message {
  readonly id: string;
  readonly authorName: string;
  readonly isFromSupport: boolean;
  readonly message: string;
  readonly createdAt: string;
  readonly attachments: readonly HelpAttachment[];
}

function initialOf(name: string): string {
  return name.trim().charAt(0).toUpperCase() || "?";
}

/** The request's first message, then every reply, oldest first (spec §7: help_responses oldest first). */
function messagesOf(request: HelpRequestDetail): Message[] {
  const customerName = request.customer.name || request.customer.email;
  const first: Message = {
    id: request.id,
    authorName: customerName,
    isFromSupport: false,
    message: request.message,
    createdAt: request.createdAt,
    attachments: request.attachments,
  };
  const replies = request.responses.map(
    (response): Message => ({
      id: response.id,
      // A customer without a name on their profile is known by their e-mail.
      authorName: response.authorName || (response.isAdminResponse ? t("Support") : customerName),
      isFromSupport: response.isAdminResponse,
      message: response.message,
      createdAt: response.createdAt,
      attachments: response.attachments,
    }),
  );
  return [first, ...replies];
}

function MessageItem({ message, viewer }: { message: Message; viewer: ConversationViewer }) {
  const isOwn = (viewer === "customer") !== message.isFromSupport;
  const author = viewer === "customer" && !message.isFromSupport ? t("You") : message.authorName;
  return (
    <li className={cn("flex gap-3", isOwn && "flex-row-reverse")} data-testid="help-message">
      <span
        aria-hidden="true"
        className={cn(
          "flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold",
          message.isFromSupport ? "bg-primary text-primary-foreground" : "bg-slate-200 text-slate-700",
        )}
      >
        {message.isFromSupport ? <HeadsetIcon className="size-4" /> : initialOf(message.authorName)}
      </span>
      <article
        aria-label={`${author}, ${formatDateTime(message.createdAt)}`}
        className={cn(
          "min-w-0 max-w-[85%] rounded-lg border p-3 sm:p-4",
          message.isFromSupport ? "border-primary/20 bg-secondary/60" : "border-border bg-card",
        )}
      >
        <header className="mb-1 flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="text-sm font-semibold">{author}</span>
          {message.isFromSupport ? <Badge>{viewer === "customer" ? t("Support") : t("Admin")}</Badge> : null}
          <time dateTime={message.createdAt} className="text-xs text-muted-foreground">
            {formatDateTime(message.createdAt)}
          </time>
        </header>
        <p className="whitespace-pre-wrap break-words text-sm">{message.message}</p>
        <AttachmentList attachments={message.attachments} />
      </article>
    </li>
  );
}

/**
 * A help request's conversation: the first message and the replies, oldest first. Support's replies
 * carry a 'Support' badge for the customer and an 'Admin' badge on the help desk (spec §6).
 */
export function HelpConversation({ request, viewer }: { request: HelpRequestDetail; viewer: ConversationViewer }) {
  return (
    <ol className="grid gap-4" aria-label={t("Conversation")}>
      {messagesOf(request).map((message) => (
        <MessageItem key={message.id} message={message} viewer={viewer} />
      ))}
    </ol>
  );
}
