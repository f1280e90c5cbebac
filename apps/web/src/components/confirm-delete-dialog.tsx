import type { ReactNode } from "react";
import { t } from "../i18n/i18n.tsx";
import { DialogFrame } from "./dialog-frame.tsx";
import { Button } from "./ui/button.tsx";
import { DialogFooter } from "./ui/dialog.tsx";

/** Asks before deleting something saved: Cancel closes, Delete calls `onConfirm` (disabled while it runs). */
export function ConfirmDeleteDialog(props: {
  open: boolean;
  title: string;
  description: ReactNode;
  isDeleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <DialogFrame open={props.open} onClose={props.onClose} title={props.title} description={props.description}>
      <DialogFooter>
        <Button variant="outline" onClick={props.onClose}>
          {t("Cancel")}
        </Button>
        <Button variant="destructive" disabled={props.isDeleting} onClick={props.onConfirm}>
          {t("Delete")}
        </Button>
      </DialogFooter>
    </DialogFrame>
  );
}
