import { CONNECT_MESSAGES } from "@ferry/core/contracts/connect";
import { CopyIcon, EyeIcon, EyeOffIcon, TriangleAlertIcon } from "lucide-react";
import { useState } from "react";
import { DialogFrame } from "../../components/dialog-frame.tsx";
import { Button } from "../../components/ui/button.tsx";
import { DialogFooter } from "../../components/ui/dialog.tsx";
import { activeLanguage, t, translateText } from "../../i18n/i18n.tsx";
import { copyToClipboard } from "../../lib/copy-to-clipboard.ts";
import { toastError, toastSuccess } from "../../lib/toasts.ts";

/** One value the dialog shows; a secret one is masked until its show/hide toggle is pressed. */
export interface ShownValue {
  label: string;
  value: string;
  isSecret?: boolean;
}

const MASK = "•".repeat(24);

/** A value's label inside a sentence: lower case in English ("Show secret key"); other languages keep theirs. */
function inSentence(label: string): string {
  return activeLanguage() === "en" ? label.toLowerCase() : label;
}

async function copyValue(label: string, value: string) {
  if (await copyToClipboard(value)) {
    toastSuccess(translateText(CONNECT_MESSAGES.copied));
  } else {
    toastError(t("Failed to copy {name}", { name: inSentence(label) }));
  }
}

function ValueRow({ shown }: { shown: ShownValue }) {
  const [isVisible, setIsVisible] = useState(!shown.isSecret);
  const id = `shown-${shown.label.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <div className="grid gap-1">
      <p id={id} className="text-sm font-medium">
        {shown.label}
      </p>
      <div className="flex items-center gap-1 rounded-md border border-border bg-muted/50 p-1 pl-3">
        <output aria-labelledby={id} className="min-w-0 flex-1 break-all font-mono text-sm">
          {isVisible ? shown.value : MASK}
        </output>
        {shown.isSecret ? (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t(isVisible ? "Hide {name}" : "Show {name}", { name: inSentence(shown.label) })}
            aria-pressed={isVisible}
            onClick={() => setIsVisible((value) => !value)}
          >
            {isVisible ? <EyeOffIcon /> : <EyeIcon />}
          </Button>
        ) : null}
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={t("Copy {name}", { name: shown.label })}
          onClick={() => copyValue(shown.label, shown.value)}
        >
          <CopyIcon />
        </Button>
      </div>
    </div>
  );
}

/**
 * Shows a secret the server answered this once (a new or regenerated credential, a webhook signing
 * secret): only a hash is kept, so closing this dialog is the last chance to copy it.
 */
export function SecretDialog(props: { title: string; values: readonly ShownValue[] | null; onClose: () => void }) {
  return (
    <DialogFrame
      open={props.values !== null}
      onClose={props.onClose}
      title={props.title}
      description={t("Copy these now and keep them somewhere safe.")}
      className="max-w-lg"
    >
      <div className="grid gap-4">
        {(props.values ?? []).map((shown) => (
          <ValueRow key={shown.label} shown={shown} />
        ))}
        <p
          role="note"
          className="flex gap-2 rounded-md border border-yellow-200 bg-yellow-50 p-3 text-xs text-yellow-900"
        >
          <TriangleAlertIcon className="size-4 shrink-0" aria-hidden="true" />
          {t("You won't see this secret again. Ferry keeps only a fingerprint of it; if you lose it, regenerate it.")}
        </p>
      </div>
      <DialogFooter>
        <Button type="button" onClick={props.onClose}>
          {t("Done")}
        </Button>
      </DialogFooter>
    </DialogFrame>
  );
}
