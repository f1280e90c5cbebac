import { Loader2Icon } from "lucide-react";
import { type ComponentType, type LazyExoticComponent, Suspense, useState } from "react";
import { t } from "../i18n/i18n.tsx";

/**
 * What shows while a page's code is on its way (the first load of a page that was not pre-rendered):
 * a spinner announced to screen readers as "Loading", as the route guards show while the session loads.
 */
export function PageLoading() {
  return (
    <div className="flex min-h-screen items-center justify-center" role="status" aria-label={t("Loading")}>
      <Loader2Icon aria-hidden="true" className="size-8 animate-spin text-primary" />
    </div>
  );
}

/** A dialog opened and closed by its page (BalancePage's dialogs all take these two props). */
export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Shown in the dialog's place while its code loads: a status over the page, announced as "Loading". */
function DialogLoading() {
  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/50"
      role="status"
      aria-label={t("Loading")}
    >
      <Loader2Icon aria-hidden="true" className="size-8 animate-spin text-white" />
    </div>
  );
}

/**
 * A dialog whose code (`React.lazy`) is fetched the first time it opens, not with its page: Send Money
 * and Cash Out carry core's bank rules and the VocaLink sort-code table, which most visits to a page
 * never use. Once loaded it stays mounted, so it closes with its own animation and focus handling.
 */
export function LazyDialog<P extends DialogProps>({
  dialog: Dialog,
  ...props
}: P & { dialog: LazyExoticComponent<ComponentType<P>> }) {
  const [hasOpened, setHasOpened] = useState(props.open);
  if (props.open && !hasOpened) {
    // State derived from props, set while rendering as React documents it: no effect, no extra paint.
    setHasOpened(true);
  }
  if (!hasOpened && !props.open) {
    return null;
  }
  return (
    <Suspense fallback={<DialogLoading />}>
      {/* The rest of P once `dialog` is taken out: every prop the page gave the dialog (a preset too). */}
      <Dialog {...(props as unknown as P)} />
    </Suspense>
  );
}
