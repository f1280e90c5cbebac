import type { ReactNode } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "./ui/dialog.tsx";

/**
 * What every Ferry dialog has: its title (the dialog's accessible name), a description read with it,
 * then its body. Opening is the caller's; Escape, the close button and a click outside call `onClose`.
 * `className` sizes the content (a tall form scrolls instead of running off a short screen), and
 * `icon` stands above the title.
 */
export function DialogFrame(props: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  icon?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Dialog
      open={props.open}
      onOpenChange={(open) => {
        if (!open) {
          props.onClose();
        }
      }}
    >
      <DialogContent className={props.className}>
        <DialogHeader>
          {props.icon}
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription>{props.description}</DialogDescription>
        </DialogHeader>
        {props.children}
      </DialogContent>
    </Dialog>
  );
}
