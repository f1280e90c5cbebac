import { NewHelpReply, type UploadedHelpAttachment } from "@ferry/core/contracts/help";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2Icon, SendIcon } from "lucide-react";
import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { t } from "../../i18n/i18n.tsx";
import { translateMessage } from "../../lib/translate-message.ts";
import { Button } from "../ui/button.tsx";
import { Label } from "../ui/label.tsx";
import { Textarea } from "../ui/textarea.tsx";
import { AttachmentPicker } from "./help-attachments.tsx";

type ReplyForm = z.input<typeof NewHelpReply>;

/**
 * The reply box under a conversation (spec §5 Replies): Send stays disabled while the text is empty
 * after trimming, and the text is sent trimmed (the schema trims it). `onSend` resolves once the
 * reply is saved, which empties the box; a refusal keeps what was written.
 */
export function HelpReplyBox(props: {
  onSend: (reply: NewHelpReply) => Promise<unknown>;
  isSending: boolean;
  placeholder?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const [attachments, setAttachments] = useState<UploadedHelpAttachment[]>([]);
  const [isUploading, setIsUploading] = useState(false);
  const form = useForm<ReplyForm, unknown, NewHelpReply>({
    resolver: zodResolver(NewHelpReply),
    defaultValues: { message: "", attachmentIds: [] },
  });
  const message = useWatch({ control: form.control, name: "message" });
  const isBlank = message.trim() === "";
  const error = form.formState.errors.message?.message;

  const submit = form.handleSubmit(async (reply) => {
    try {
      await props.onSend({ ...reply, attachmentIds: attachments.map((attachment) => attachment.id) });
    } catch {
      return;
    }
    form.reset({ message: "", attachmentIds: [] });
    setAttachments([]);
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      <Label htmlFor={id}>{t("Your reply")}</Label>
      <Textarea
        id={id}
        rows={4}
        placeholder={props.placeholder ?? t("Write a reply…")}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onKeyDown={(event) => {
          // Ctrl+Enter or Cmd+Enter sends, as in most chat and ticket tools.
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            if (!isBlank && !props.isSending && !isUploading) {
              void submit();
            }
          }
        }}
        {...form.register("message")}
      />
      {error ? (
        <p id={errorId} className="text-xs font-medium text-destructive">
          {translateMessage(error)}
        </p>
      ) : null}
      <AttachmentPicker
        value={attachments}
        onChange={setAttachments}
        onUploadingChange={setIsUploading}
        disabled={props.isSending}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={isBlank || props.isSending || isUploading}>
          {props.isSending ? <Loader2Icon className="animate-spin" /> : <SendIcon />}
          {t("Send Reply")}
        </Button>
      </div>
    </form>
  );
}
