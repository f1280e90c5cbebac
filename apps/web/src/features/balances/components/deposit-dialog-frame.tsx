import type * as React from "react";
import { DialogFrame } from "../../../components/dialog-frame.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { DialogFooter } from "../../../components/ui/dialog.tsx";
import { t } from "../../../i18n/i18n.tsx";

/**
 * What the bank and crypto deposit dialogs share: a dialog that scrolls on a small screen, its title
 * and description, and a Close button under the instructions.
 */
export function DepositDialogFrame(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  const close = () => props.onOpenChange(false);
  return (
    <DialogFrame
      open={props.open}
      onClose={close}
      title={props.title}
      description={props.description}
      className="max-h-[92vh] max-w-lg overflow-y-auto"
    >
      {props.children}
      <DialogFooter>
        <Button variant="outline" onClick={close}>
          {t("Close")}
        </Button>
      </DialogFooter>
    </DialogFrame>
  );
}
