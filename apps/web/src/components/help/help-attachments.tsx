import {
  ATTACHMENT_CONTENT_TYPES,
  type HelpAttachment,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS_PER_MESSAGE,
  type UploadedHelpAttachment,
} from "@ferry/core/contracts/help";
import { useMutation } from "@tanstack/react-query";
import { FileTextIcon, Loader2Icon, PaperclipIcon, XIcon } from "lucide-react";
import { useId, useState } from "react";
import { format, t } from "../../i18n/i18n.tsx";
import { api, dataOf, formDataOf } from "../../lib/api.ts";
import { messageOf } from "../../lib/api-error.ts";
import { cn } from "../../lib/cn.ts";
import { buttonVariants } from "../ui/button.tsx";

const ACCEPT = ATTACHMENT_CONTENT_TYPES.join(",");
const MAX_MEGABYTES = MAX_ATTACHMENT_BYTES / (1024 * 1024);

/** What the picker tells people before they choose (the server checks the same, by content). */
function attachmentHint(): string {
  return t("PNG, JPEG, WebP or PDF, up to {megabytes} MB each, {count} files at most.", {
    megabytes: MAX_MEGABYTES,
    count: MAX_ATTACHMENTS_PER_MESSAGE,
  });
}

/** A size as people read it: "840 KB", "2.4 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) {
    return `${format().decimal(String(Math.max(1, Math.round(bytes / 1024))), 0)} KB`;
  }
  return `${format().decimal((bytes / (1024 * 1024)).toFixed(1), 1)} MB`;
}

function isAcceptedType(type: string): boolean {
  return (ATTACHMENT_CONTENT_TYPES as readonly string[]).includes(type);
}

/** Why a chosen file cannot be attached, before it is sent; null when it may be. */
function refusalOf(file: File): string | null {
  if (!isAcceptedType(file.type)) {
    return t("{file}: only PNG, JPEG, WebP images and PDF files can be attached", { file: file.name });
  }
  if (file.size > MAX_ATTACHMENT_BYTES) {
    return t("{file}: this file is {size}; the limit is {megabytes} MB", {
      file: file.name,
      size: formatFileSize(file.size),
      megabytes: MAX_MEGABYTES,
    });
  }
  return null;
}

/** The files of a request or a reply: screenshots as thumbnails, PDFs as links; each opens in a new tab. */
export function AttachmentList({ attachments }: { attachments: readonly HelpAttachment[] }) {
  if (attachments.length === 0) {
    return null;
  }
  return (
    <ul className="mt-3 flex flex-wrap gap-2" aria-label={t("Attachments")}>
      {attachments.map((attachment) => (
        <li key={attachment.id}>
          <a
            href={attachment.url}
            target="_blank"
            rel="noopener noreferrer"
            className="group flex max-w-56 items-center gap-2 rounded-md border border-border bg-card p-1.5 pr-3 text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {attachment.contentType === "application/pdf" ? (
              <span className="flex size-10 shrink-0 items-center justify-center rounded bg-red-50 text-red-700">
                <FileTextIcon className="size-5" aria-hidden="true" />
              </span>
            ) : (
              <img src={attachment.url} alt="" className="size-10 shrink-0 rounded bg-muted object-cover" />
            )}
            <span className="min-w-0">
              <span className="block truncate font-medium group-hover:underline">{attachment.fileName}</span>
              <span className="block text-xs text-muted-foreground">{formatFileSize(attachment.size)}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Splits chosen files into those to upload and what is wrong with the others: type, size, or too many. */
function sortChosenFiles(files: readonly File[], room: number): { accepted: File[]; found: string[] } {
  const found: string[] = [];
  const accepted: File[] = [];
  for (const file of files) {
    const refusal = refusalOf(file);
    if (refusal) {
      found.push(refusal);
    } else if (accepted.length >= room) {
      found.push(t("{file}: attach at most {count} files", { file: file.name, count: MAX_ATTACHMENTS_PER_MESSAGE }));
    } else {
      accepted.push(file);
    }
  }
  return { accepted, found };
}

/** The files uploaded for the message being written, each removable until it is sent. */
function FilesToSend(props: {
  value: readonly UploadedHelpAttachment[];
  onChange: (attachments: UploadedHelpAttachment[]) => void;
  disabled?: boolean;
}) {
  if (props.value.length === 0) {
    return null;
  }
  return (
    <ul className="flex flex-wrap gap-2" aria-label={t("Files to send")}>
      {props.value.map((attachment) => (
        <li
          key={attachment.id}
          className="flex max-w-full items-center gap-2 rounded-md border border-border bg-muted/50 py-1 pl-2 pr-1 text-xs"
        >
          <PaperclipIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="min-w-0 truncate font-medium">{attachment.fileName}</span>
          <span className="shrink-0 text-muted-foreground">{formatFileSize(attachment.size)}</span>
          <button
            type="button"
            className="rounded p-1 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            aria-label={t("Remove {file}", { file: attachment.fileName })}
            disabled={props.disabled}
            onClick={() => props.onChange(props.value.filter((item) => item.id !== attachment.id))}
          >
            <XIcon className="size-3.5" />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The file input, shown as an "Attach files" button with the accepted types and sizes beside it. */
function AttachButton(props: { isDisabled: boolean; isUploading: boolean; onChoose: (files: File[]) => void }) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  return (
    <div className="flex flex-wrap items-center gap-3">
      {/* The input itself takes focus (it is only visually hidden); its label looks like a button. */}
      <input
        id={inputId}
        type="file"
        multiple
        accept={ACCEPT}
        className="peer sr-only"
        aria-describedby={hintId}
        disabled={props.isDisabled}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared so the same file can be chosen again after removing it.
          event.target.value = "";
          props.onChoose(files);
        }}
      />
      <label
        htmlFor={inputId}
        className={cn(
          buttonVariants({ variant: "outline", size: "sm" }),
          "peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2",
          props.isDisabled && "pointer-events-none opacity-50",
        )}
      >
        {props.isUploading ? (
          <Loader2Icon className="animate-spin" aria-hidden="true" />
        ) : (
          <PaperclipIcon aria-hidden="true" />
        )}
        {props.isUploading ? t("Uploading…") : t("Attach files")}
      </label>
      <p id={hintId} className="text-xs text-muted-foreground">
        {attachmentHint()}
      </p>
    </div>
  );
}

/**
 * Chooses files for a request or a reply and uploads each at once (`POST /api/v1/help-attachments`),
 * so sending only carries their ids. Type and size are checked here first, to say so before a
 * long upload; the server checks again by content.
 */
export function AttachmentPicker(props: {
  value: readonly UploadedHelpAttachment[];
  onChange: (attachments: UploadedHelpAttachment[]) => void;
  onUploadingChange?: (isUploading: boolean) => void;
  disabled?: boolean;
}) {
  const [problems, setProblems] = useState<string[]>([]);
  const upload = useMutation({
    mutationFn: (file: File) =>
      dataOf(api.POST("/api/v1/help-attachments", { body: { file }, bodySerializer: () => formDataOf({ file }) })),
  });
  const room = MAX_ATTACHMENTS_PER_MESSAGE - props.value.length;
  const isDisabled = props.disabled === true || upload.isPending || room <= 0;

  async function attach(files: File[]) {
    const { accepted, found } = sortChosenFiles(files, room);
    setProblems(found);
    if (accepted.length === 0) {
      return;
    }
    props.onUploadingChange?.(true);
    const uploaded: UploadedHelpAttachment[] = [];
    for (const file of accepted) {
      try {
        uploaded.push(await upload.mutateAsync(file));
      } catch (error) {
        found.push(t("{file}: {problem}", { file: file.name, problem: messageOf(error, t("the upload failed")) }));
      }
    }
    setProblems([...found]);
    props.onUploadingChange?.(false);
    props.onChange([...props.value, ...uploaded]);
  }

  return (
    <div className="grid gap-2">
      <AttachButton isDisabled={isDisabled} isUploading={upload.isPending} onChoose={(files) => void attach(files)} />
      <FilesToSend value={props.value} onChange={props.onChange} disabled={props.disabled} />
      <div aria-live="polite">
        {problems.length > 0 ? (
          <ul className="grid gap-1 text-xs font-medium text-destructive">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
