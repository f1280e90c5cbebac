import type { Recipient, RecipientType } from "@ferry/core/contracts/recipients";
import {
  ChevronRightIcon,
  LandmarkIcon,
  type LucideIcon,
  PencilIcon,
  PlusIcon,
  Trash2Icon,
  WalletIcon,
} from "lucide-react";
import { useState } from "react";
import { ConfirmDeleteDialog } from "../../../../components/confirm-delete-dialog.tsx";
import { Button } from "../../../../components/ui/button.tsx";
import { Skeleton } from "../../../../components/ui/skeleton.tsx";
import { t, translateText } from "../../../../i18n/i18n.tsx";
import { toastFailure, toastSuccess, useErrorToast } from "../../../../lib/toasts.ts";
import { useDeleteRecipient } from "../../api/delete-recipient.ts";
import { useRecipients } from "../../api/get-recipients.ts";
import { recipientDetailOf } from "../send-money-flow.ts";
import { StepFooter } from "./step-footer.tsx";

function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? "");
  return letters.join("") || "?";
}

/** Asks before deleting `recipient` (null: closed), and deletes it with the spec's toasts. */
function DeleteRecipientDialog(props: { recipient: Recipient | null; onClose: () => void }) {
  const remove = useDeleteRecipient();
  const { recipient } = props;
  function confirmDelete() {
    if (!recipient) {
      return;
    }
    remove.mutate(recipient, {
      onSuccess: () => {
        toastSuccess(t("Recipient deleted"));
        props.onClose();
      },
      onError: (error) => toastFailure(t("Failed to delete recipient"), error),
    });
  }
  return (
    <ConfirmDeleteDialog
      open={recipient !== null}
      title={t("Delete recipient")}
      description={t('Delete "{name}" from your saved recipients? Past transfers to them stay in your history.', {
        name: recipient?.name ?? "",
      })}
      isDeleting={remove.isPending}
      onConfirm={confirmDelete}
      onClose={props.onClose}
    />
  );
}

/** A saved recipient's name, currency, e-mail and account, and why it cannot be paid when it cannot. */
function RecipientSummary(props: { recipient: Recipient; icon: LucideIcon }) {
  const { recipient, icon: Icon } = props;
  return (
    <span className="min-w-0 flex-1">
      <span className="flex items-center gap-2">
        <span className="truncate font-medium">{recipient.name}</span>
        <span className="shrink-0 rounded bg-muted px-1.5 py-0.5 text-[10px] font-semibold text-muted-foreground">
          {recipient.currency}
        </span>
      </span>
      <span className="block truncate text-xs text-muted-foreground">{recipient.email}</span>
      <span className="mt-0.5 flex items-center gap-1 truncate font-mono text-xs text-muted-foreground">
        <Icon className="size-3 shrink-0" aria-hidden="true" />
        <span className="truncate">{recipientDetailOf(recipient)}</span>
      </span>
      {recipient.needsReview ? (
        <span id={`review-${recipient.id}`} className="mt-1 block text-xs text-muted-foreground">
          <span className="mr-1 rounded bg-yellow-100 px-1.5 py-0.5 font-semibold text-yellow-800">
            {t("Check these details")}
          </span>{" "}
          {t("{reason}. Edit the details to send to them again.", {
            reason: translateText(recipient.reviewReason ?? ""),
          })}
        </span>
      ) : null}
    </span>
  );
}

/** One saved recipient: choosing it goes on to the amount; beside it, Edit and Delete. */
function RecipientRow(props: {
  recipient: Recipient;
  icon: LucideIcon;
  onChoose: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { recipient } = props;
  return (
    <li className="flex items-stretch gap-2">
      <button
        type="button"
        onClick={props.onChoose}
        // Saved under older rules and failing today's: shown, but it cannot be paid (the server refuses too).
        disabled={recipient.needsReview}
        aria-describedby={recipient.needsReview ? `review-${recipient.id}` : undefined}
        className="group flex min-w-0 flex-1 items-center gap-3 rounded-lg border border-border bg-card p-3 text-left transition-colors hover:border-primary hover:bg-secondary/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-70 disabled:hover:border-border disabled:hover:bg-card"
      >
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-sm font-semibold text-primary">
          {initialsOf(recipient.name)}
        </span>
        <RecipientSummary recipient={recipient} icon={props.icon} />
        <ChevronRightIcon className="size-4 shrink-0 text-muted-foreground" />
      </button>
      {/* Beside the card, not in it: a button cannot hold another, and a marked recipient stays editable. */}
      <Button
        variant="outline"
        size="icon"
        onClick={props.onEdit}
        aria-label={t("Edit recipient {name}", { name: recipient.name })}
        className="h-auto shrink-0 self-stretch"
      >
        <PencilIcon />
      </Button>
      <Button
        variant="outline"
        size="icon"
        onClick={props.onDelete}
        aria-label={t("Delete recipient {name}", { name: recipient.name })}
        className="h-auto shrink-0 self-stretch text-destructive"
      >
        <Trash2Icon />
      </Button>
    </li>
  );
}

function SavedRecipients(props: {
  type: RecipientType;
  onChoose: (recipient: Recipient) => void;
  onEdit: (recipient: Recipient) => void;
}) {
  const recipients = useRecipients(props.type);
  const [deleting, setDeleting] = useState<Recipient | null>(null);
  useErrorToast(recipients.error, t("Failed to load recipients"));
  if (recipients.isPending) {
    return (
      <div className="grid grid-cols-1 gap-2">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  }
  const list = recipients.data?.items ?? [];
  if (list.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-border p-4 text-center text-sm text-muted-foreground">
        {props.type === "bank" ? t("No saved bank recipients yet.") : t("No saved crypto recipients yet.")}
      </p>
    );
  }
  const Icon = props.type === "bank" ? LandmarkIcon : WalletIcon;
  return (
    <>
      <ul className="grid max-h-80 grid-cols-1 gap-2 overflow-y-auto pr-1" aria-label={t("Saved recipients")}>
        {list.map((recipient) => (
          <RecipientRow
            key={recipient.id}
            recipient={recipient}
            icon={Icon}
            onChoose={() => props.onChoose(recipient)}
            onEdit={() => props.onEdit(recipient)}
            onDelete={() => setDeleting(recipient)}
          />
        ))}
      </ul>
      <DeleteRecipientDialog recipient={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

/** Step 2 for bank and crypto, recipient-selection: saved recipients of that type, newest first, or a new one. */
export function RecipientStep(props: {
  type: RecipientType;
  onChoose: (recipient: Recipient) => void;
  onAddNew: () => void;
  onEdit: (recipient: Recipient) => void;
  onBack: () => void;
}) {
  return (
    <>
      <div className="grid grid-cols-1 gap-3">
        <SavedRecipients type={props.type} onChoose={props.onChoose} onEdit={props.onEdit} />
        <button
          type="button"
          onClick={props.onAddNew}
          className="flex w-full items-center justify-center gap-2 rounded-lg border-2 border-dashed border-border p-3 text-sm font-medium text-primary transition-colors hover:border-primary hover:bg-secondary/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <PlusIcon className="size-4" /> {t("Add New Recipient")}
        </button>
      </div>
      <StepFooter onBack={props.onBack} />
    </>
  );
}
